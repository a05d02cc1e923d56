/**
 * `/staff/kiosk` (issue 11): the tablet at the door. A staff member opens it once and sets the tablet up; from
 * then on it runs in kiosk mode with its own revocable kiosk token (kept in this browser, the staff login is
 * signed out), showing only the door: scan a pickup pass (camera) or type its code, see the adult and the
 * children they may bring or take today, then drop off, or pick up with the adult's PIN (or staff confirming
 * the photo). Leaving kiosk mode takes a staff login and stops the tablet's token.
 */
import { type DoorResult, type DoorScan, routes } from '@lc/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Image,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { login, logOut } from '../../api/auth';
import { ApiError } from '../../api/client';
import { enrollKiosk, kioskCheckIn, kioskCheckOut, kioskMe, kioskScan, revokeKiosk } from '../../api/passes';
import { site } from '../../content/site';
import { StaffDialog } from '../../features/staff/staff-dialog';
import { useLoginRedirect } from '../../layout/require-auth';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole, isStaffRole, readClaims, setToken } from '../../lib/auth-token';

const QrCamera = lazy(() => import('../../features/kiosk/qr-camera'));

/** Where the tablet keeps its kiosk token (beside the staff session's `token`, never both in use). */
export const KIOSK_TOKEN_KEY = 'kioskToken';
/** An abandoned visit (a family walked away mid-way) clears itself after this long. */
const RESET_AFTER_MS = 60_000;
/**
 * The "All set" screen returns to scanning after this long (or at a tap or key press), for the next family:
 * long enough to read the children's names and a refusal's reason, short enough for a queue at the door.
 */
export const DONE_AFTER_MS = 10_000;

/** Alert titles in the body's text colour: the light variant's tinted titles (green, yellow) fail contrast. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'Something went wrong. Please try again, or ask a staff member.';

export default function StaffKioskPage() {
  usePageTitle('Door kiosk');
  const [kiosk, setKiosk] = useState<{ id: string; name: string; token: string } | null | 'checking'>(() =>
    localStorage.getItem(KIOSK_TOKEN_KEY) ? 'checking' : null,
  );

  useEffect(() => {
    const token = localStorage.getItem(KIOSK_TOKEN_KEY);
    if (!token) return;
    const controller = new AbortController();
    kioskMe(token)
      .then((me) => setKiosk({ ...me, token }))
      .catch((error) => {
        if (error instanceof ApiError && error.status === 401) {
          localStorage.removeItem(KIOSK_TOKEN_KEY);
          setKiosk(null);
        } else {
          // Offline for a moment: stay in kiosk mode; the next scan will say if something is wrong.
          setKiosk({ id: '', name: 'Door', token });
        }
      });
    return () => controller.abort();
  }, []);

  if (kiosk === 'checking') {
    return (
      <Container size="sm" py="xl">
        <Loader aria-label="Starting the door kiosk" />
      </Container>
    );
  }
  if (!kiosk) return <KioskSetup onReady={setKiosk} />;
  return <KioskMode kiosk={kiosk} onLeft={() => setKiosk(null)} />;
}

/** Before kiosk mode: a staff member names the tablet and turns kiosk mode on. */
function KioskSetup({ onReady }: { onReady: (kiosk: { id: string; name: string; token: string }) => void }) {
  const redirect = useLoginRedirect();
  const [name, setName] = useState('Front door');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  if (redirect) return redirect;
  if (!isStaffRole(currentRole())) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Door kiosk</Title>
        <Text mt="md">Only center staff can set up the door kiosk.</Text>
      </Container>
    );
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Already a door tablet (another tab started kiosk mode): the server answers that tablet again.
      const { kiosk, token } = await enrollKiosk(name, localStorage.getItem(KIOSK_TOKEN_KEY) ?? undefined);
      localStorage.setItem(KIOSK_TOKEN_KEY, token);
      // The tablet is the door's now: nobody's staff login stays on it, here or on the server (decision 016).
      void logOut();
      onReady({ id: kiosk.id, name: kiosk.name, token });
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.name ?? failure.message) : messageOf(failure));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Set up the door kiosk</Title>
        <Text>
          This tablet will check children in and out at the door with the families’ pickup passes. Once it is
          set up, it shows only the door screen and your staff login is signed out here. Leaving kiosk mode
          needs a staff login again.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              ref={inputRef}
              label="Name of this tablet"
              description="Staff see it in the list of door tablets, e.g. “Front door”."
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              required
            />
            <Group>
              <Button type="submit" loading={busy}>
                Start kiosk mode
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}

type Visit =
  | { step: 'scan' }
  | { step: 'loading' }
  | { step: 'adult'; code: string; method: 'Pass' | 'Code'; scan: DoorScan }
  | { step: 'pin'; code: string; method: 'Pass' | 'Code'; scan: DoorScan; chosen: string[] }
  | { step: 'done'; results: DoorResult[]; kind: 'CheckIn' | 'CheckOut'; holderName: string };

const key = (c: { studentId: string; classSessionId: number }) => `${c.studentId}:${c.classSessionId}`;

/** The door screen. */
function KioskMode({
  kiosk,
  onLeft,
}: {
  kiosk: { id: string; name: string; token: string };
  onLeft: () => void;
}) {
  const [visit, setVisit] = useState<Visit>({ step: 'scan' });
  const [problem, setProblem] = useState<string | null>(null);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const reset = useCallback(() => {
    setVisit({ step: 'scan' });
    setProblem(null);
  }, []);

  // A finished or abandoned visit clears itself for the next family.
  useEffect(() => {
    if (visit.step === 'scan' || visit.step === 'loading') return;
    const timer = window.setTimeout(reset, visit.step === 'done' ? DONE_AFTER_MS : RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [visit, reset]);

  // Each step's heading takes the focus, so a screen reader announces where the visit is.
  const step = visit.step;
  useEffect(() => {
    if (step !== 'loading') headingRef.current?.focus();
  }, [step]);

  const lookUp = useCallback(
    async (code: string, method: 'Pass' | 'Code') => {
      setVisit({ step: 'loading' });
      setProblem(null);
      try {
        const scan = await kioskScan(kiosk.token, code, method);
        setVisit({ step: 'adult', code, method, scan });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          localStorage.removeItem(KIOSK_TOKEN_KEY);
          onLeft();
          return;
        }
        setProblem(messageOf(error));
        setVisit({ step: 'scan' });
      }
    },
    [kiosk.token, onLeft],
  );

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Container size="md" py="md">
        <Group component="header" justify="space-between" align="center" mb="lg" gap="xs">
          <Text fw={700}>
            {site.name} · {kiosk.name}
          </Text>
          <Button variant="subtle" onClick={() => setLeaving(true)} style={{ flexShrink: 0 }}>
            Leave kiosk mode
          </Button>
        </Group>
        <main>
          {visit.step === 'scan' || visit.step === 'loading' ? (
            <ScanStep
              headingRef={headingRef}
              busy={visit.step === 'loading'}
              problem={problem}
              cameraProblem={cameraProblem}
              onCameraProblem={(reason) => {
                // Kept in the browser console for whoever sets the tablet up; the page says what to do.
                console.warn(`Door kiosk camera: ${reason}`);
                setCameraProblem(reason);
              }}
              onCode={lookUp}
            />
          ) : null}
          {visit.step === 'adult' ? (
            <AdultStep
              headingRef={headingRef}
              scan={visit.scan}
              problem={problem}
              onCancel={reset}
              onDropOff={async (chosen) => {
                setProblem(null);
                try {
                  const { results } = await kioskCheckIn(kiosk.token, {
                    code: visit.code,
                    method: visit.method,
                    children: visit.scan.children.filter((c) => chosen.includes(key(c))),
                  });
                  setVisit({ step: 'done', results, kind: 'CheckIn', holderName: visit.scan.holderName });
                } catch (error) {
                  setProblem(messageOf(error));
                }
              }}
              onPickUp={(chosen) => {
                setProblem(null);
                setVisit({ step: 'pin', code: visit.code, method: visit.method, scan: visit.scan, chosen });
              }}
            />
          ) : null}
          {visit.step === 'pin' ? (
            <PinStep
              headingRef={headingRef}
              scan={visit.scan}
              onCancel={() =>
                setVisit({ step: 'adult', code: visit.code, method: visit.method, scan: visit.scan })
              }
              onConfirm={async (second) => {
                const { results } = await kioskCheckOut(kiosk.token, {
                  code: visit.code,
                  method: visit.method,
                  children: visit.scan.children.filter((c) => visit.chosen.includes(key(c))),
                  ...second,
                });
                setVisit({ step: 'done', results, kind: 'CheckOut', holderName: visit.scan.holderName });
              }}
            />
          ) : null}
          {visit.step === 'done' ? (
            <DoneStep headingRef={headingRef} results={visit.results} kind={visit.kind} onDone={reset} />
          ) : null}
        </main>
      </Container>
      <LeaveKioskDialog
        opened={leaving}
        onClose={() => setLeaving(false)}
        kioskId={kiosk.id}
        onLeft={() => {
          localStorage.removeItem(KIOSK_TOKEN_KEY);
          setLeaving(false);
          onLeft();
        }}
      />
    </Box>
  );
}

type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

function ScanStep({
  headingRef,
  busy,
  problem,
  cameraProblem,
  onCameraProblem,
  onCode,
}: {
  headingRef: HeadingRef;
  busy: boolean;
  problem: string | null;
  cameraProblem: string | null;
  onCameraProblem: (reason: string) => void;
  onCode: (code: string, method: 'Pass' | 'Code') => void;
}) {
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const typedRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <Stack gap="lg">
      <Title order={1} ref={headingRef} tabIndex={-1}>
        Welcome! Please scan your pickup pass
      </Title>
      {problem ? (
        <Alert
          styles={readableTitle}
          color="red"
          variant="light"
          role="alert"
          title="We couldn’t use that pass"
        >
          {problem}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="md">
          <Text fw={600} mb="xs" id={hintId}>
            Hold the QR code on your phone or card up to the camera
          </Text>
          {cameraProblem ? (
            <Alert color="yellow" variant="light" role="status">
              The camera isn’t available on this tablet right now. Please type the code printed under the QR
              code instead.
            </Alert>
          ) : (
            <Box aria-describedby={hintId} maw={360} data-testid="kiosk-camera">
              <Suspense fallback={<Loader aria-label="Starting the camera" />}>
                <QrCamera
                  paused={busy}
                  onCode={(text) => onCode(text, 'Pass')}
                  onUnavailable={onCameraProblem}
                />
              </Suspense>
            </Box>
          )}
        </Card>
        <Card withBorder radius="md" padding="md">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const compact = typed.replace(/[\s-]/g, '');
              if (compact.length < 20) {
                setTypedError('Type all the letters and numbers under the QR code');
                typedRef.current?.focus();
                return;
              }
              setTypedError(null);
              onCode(typed, 'Code');
            }}
          >
            <Stack>
              <TextInput
                ref={typedRef}
                label="No phone? Type the pass code"
                description="The letters and numbers under the QR code, e.g. K7Q2 M9XD …"
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                error={typedError}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
              />
              <Button type="submit" loading={busy}>
                Look up pass
              </Button>
            </Stack>
          </form>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

const STATE_WORDS = { NotArrived: 'Not checked in yet', In: 'Checked in', Out: 'Picked up' } as const;

function AdultStep({
  headingRef,
  scan,
  problem,
  onCancel,
  onDropOff,
  onPickUp,
}: {
  headingRef: HeadingRef;
  scan: DoorScan;
  problem: string | null;
  onCancel: () => void;
  onDropOff: (chosen: string[]) => Promise<void>;
  onPickUp: (chosen: string[]) => void;
}) {
  // Children who are in are the likely pickups; the others the likely drop-offs: start with the whole group
  // of the likelier action chosen.
  const anyIn = scan.children.some((c) => c.state === 'In');
  const [chosen, setChosen] = useState<string[]>(() =>
    scan.children.filter((c) => (anyIn ? c.state === 'In' : c.state !== 'In')).map(key),
  );
  const [busy, setBusy] = useState(false);
  const picked = scan.children.filter((c) => chosen.includes(key(c)));
  const canDropOff = picked.length > 0 && picked.every((c) => c.state !== 'In');
  const canPickUp = picked.length > 0 && picked.every((c) => c.state === 'In');
  return (
    <Stack gap="lg">
      <Group wrap="nowrap" align="center">
        {scan.photo ? (
          <Image src={scan.photo} alt={`Photo of ${scan.holderName}`} w={96} h={96} radius="md" fit="cover" />
        ) : null}
        <div>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            Hello, {scan.holderName}
          </Title>
          <Text c="dimmed">{scan.relationship}</Text>
        </div>
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      {scan.children.length === 0 ? (
        <Alert styles={readableTitle} color="yellow" variant="light" role="status" title="No sessions today">
          None of the children on this pass has a session today. If you think that’s wrong, please ask a staff
          member.
        </Alert>
      ) : (
        <Checkbox.Group
          label="Choose the children"
          value={chosen}
          onChange={setChosen}
          styles={{ label: { fontSize: 'var(--mantine-font-size-lg)', marginBottom: 8 } }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {scan.children.map((c) => (
              <Checkbox.Card key={key(c)} value={key(c)} radius="md" p="md" withBorder>
                <Group wrap="nowrap" align="flex-start">
                  <Checkbox.Indicator />
                  <div>
                    <Text fw={700} fz="lg">
                      {c.firstName} {c.lastName}
                    </Text>
                    <Text fz="sm">{c.sessionName}</Text>
                    <Text fz="sm" c="dimmed">
                      {c.lastEvent ?? STATE_WORDS[c.state]}
                    </Text>
                    {c.allergies.length > 0 ? (
                      <Badge color="red" variant="filled" mt={6}>
                        Allergy: {c.allergies.join(', ')}
                      </Badge>
                    ) : null}
                  </div>
                </Group>
              </Checkbox.Card>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
      <Group>
        <Button
          size="lg"
          disabled={!canDropOff}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await onDropOff(chosen);
            setBusy(false);
          }}
        >
          Drop off
        </Button>
        <Button size="lg" color="green.9" disabled={!canPickUp} onClick={() => onPickUp(chosen)}>
          Pick up
        </Button>
        <Button size="lg" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
      {scan.pinLocked ? (
        <Alert color="yellow" variant="light" role="status">
          Too many wrong PINs were tried with this pass, so pickups with it are paused for a few minutes. A
          staff member can confirm the photo instead.
        </Alert>
      ) : null}
    </Stack>
  );
}

function PinStep({
  headingRef,
  scan,
  onCancel,
  onConfirm,
}: {
  headingRef: HeadingRef;
  scan: DoorScan;
  onCancel: () => void;
  onConfirm: (second: { pin?: string; photoConfirmed?: boolean }) => Promise<void>;
}) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);
  const send = async (second: { pin?: string; photoConfirmed?: boolean }) => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(second);
    } catch (failure) {
      setError(messageOf(failure));
      setPin('');
      pinRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="lg" maw={480}>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        Your PIN, please
      </Title>
      <Text>{scan.holderName}, enter the PIN your family chose with you to pick up.</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!/^\d{4,6}$/.test(pin)) {
            setError('Enter the 4 to 6 digits of your PIN');
            pinRef.current?.focus();
            return;
          }
          void send({ pin });
        }}
      >
        <Stack>
          <PasswordInput
            ref={pinRef}
            label="PIN"
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            error={error}
            inputMode="numeric"
            autoComplete="off"
            size="lg"
            data-autofocus
          />
          <Group>
            <Button type="submit" size="lg" loading={busy}>
              Confirm pickup
            </Button>
            <Button size="lg" variant="default" onClick={onCancel}>
              Back
            </Button>
          </Group>
        </Stack>
      </form>
      {scan.photo ? (
        <Card withBorder radius="md">
          <Text fw={600}>For staff: no PIN?</Text>
          <Group mt="xs" wrap="nowrap">
            <Image
              src={scan.photo}
              alt={`Photo of ${scan.holderName}`}
              w={72}
              h={72}
              radius="md"
              fit="cover"
            />
            <Text fz="sm">
              Compare the photo with the adult in front of you. Only confirm if it is clearly them.
            </Text>
          </Group>
          <Button mt="sm" variant="outline" loading={busy} onClick={() => send({ photoConfirmed: true })}>
            I’ve checked the photo
          </Button>
        </Card>
      ) : null}
    </Stack>
  );
}

function DoneStep({
  headingRef,
  results,
  kind,
  onDone,
}: {
  headingRef: HeadingRef;
  results: DoorResult[];
  kind: 'CheckIn' | 'CheckOut';
  onDone: () => void;
}) {
  const done = results.filter((r) => r.outcome !== 'refused');
  // Any tap or key press goes back to scanning at once (the timer in KioskMode does it after DONE_AFTER_MS).
  useEffect(() => {
    const next = (event: Event) => {
      if (event instanceof KeyboardEvent && event.repeat) return;
      onDone();
    };
    document.addEventListener('keydown', next);
    document.addEventListener('pointerdown', next);
    return () => {
      document.removeEventListener('keydown', next);
      document.removeEventListener('pointerdown', next);
    };
  }, [onDone]);
  const title =
    done.length === 0
      ? 'Nothing was recorded'
      : kind === 'CheckIn'
        ? 'Thank you! Have a lovely day.'
        : 'All set. See you next time!';
  return (
    <Stack gap="lg">
      <Title order={1} ref={headingRef} tabIndex={-1}>
        {title}
      </Title>
      <Stack gap="sm" role="status">
        {results.map((r) =>
          r.outcome === 'refused' ? (
            <Alert styles={readableTitle} key={key(r)} color="red" variant="light" title={r.firstName}>
              {r.reason}
            </Alert>
          ) : (
            <Alert styles={readableTitle} key={key(r)} color="green" variant="light" title={r.firstName}>
              {kind === 'CheckIn' ? 'Checked in' : 'Picked up'}
              {r.outcome === 'already' ? ' (already recorded a moment ago)' : ''}.
            </Alert>
          ),
        )}
      </Stack>
      <Text role="status" aria-live="polite">
        Back to scanning in a few seconds. Tap anywhere or press any key to continue now.
      </Text>
      <Group>
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** Leaving kiosk mode: a staff login, then the tablet's kiosk token is stopped and the staff member is signed in. */
function LeaveKioskDialog({
  opened,
  onClose,
  kioskId,
  onLeft,
}: {
  opened: boolean;
  onClose: () => void;
  kioskId: string;
  onLeft: () => void;
}) {
  const navigate = useNavigate();
  const [emailAddress, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <StaffDialog opened={opened} onClose={onClose} title="Leave kiosk mode">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            const token = await login({ emailAddress, password });
            if (!isStaffRole(readClaims(token)?.role ?? null)) {
              setError('Only center staff can leave kiosk mode.');
              return;
            }
            setToken(token);
            if (kioskId) await revokeKiosk(kioskId);
            onLeft();
            navigate(routes.staffAttendance);
          } catch (failure) {
            setError(messageOf(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <Text fz="sm">A staff login is needed. This tablet stops working as the door kiosk.</Text>
          <TextInput
            label="Staff email"
            type="email"
            autoComplete="username"
            value={emailAddress}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-autofocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Stay in kiosk mode
            </Button>
            <Button type="submit" loading={busy}>
              Leave kiosk mode
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffDialog>
  );
}
