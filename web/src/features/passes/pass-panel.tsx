import type { PassState, PickupPass, Trustee } from '@lc/contract';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { getPassCard, getPassState, revokePass } from '../../api/passes.ts';
import { getToken, readClaims } from '../../lib/auth-token.ts';
import { useLoad } from '../../lib/use-load.ts';
import { isNotFound, LoadFailed, Loading } from '../family/load-states.tsx';
import { notifyError, notifySuccess } from '../forms/notify.ts';
import { joinFirstNames, longDay, passStatusColor, passStatusLabel } from './format.ts';
import { PassCardView } from './pass-card.tsx';
import { PassPhoto } from './pass-photo.tsx';
import { PinForm } from './pin-form.tsx';

type Holder = {
  /** The parent's own contact: the panel says "you" and "your". */
  isSelf: boolean;
  firstName: string;
  fullName: string;
  hasEmail: boolean;
};

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; state: PassState };

/**
 * The signed-in parent's own contact is the `Parent` contact with their address; in a shared family (issue 13)
 * the other parent's own contact is listed too, and is spoken about by name.
 */
function holderOf(trustee: Trustee): Holder {
  const me = readClaims(getToken())?.email?.toLowerCase();
  return {
    isSelf: trustee.type === 'Parent' && Boolean(me) && trustee.emailAddress?.toLowerCase() === me,
    firstName: trustee.firstName,
    fullName: trustee.fullName,
    hasEmail: Boolean(trustee.emailAddress),
  };
}

/** The toast after a pass was issued: who has it, and how it reaches them. */
function issuedMessage(holder: Holder, reissued: boolean): string {
  const fresh = reissued
    ? 'new pickup pass is ready, and the old one no longer works'
    : 'pickup pass is ready';
  if (holder.isSelf) return `Your ${fresh}.${holder.hasEmail ? ' We’ve emailed you a link to it too.' : ''}`;
  return holder.hasEmail
    ? `${holder.firstName}’s ${fresh}. We’ve emailed ${holder.firstName} a link to it.`
    : `${holder.firstName}’s ${fresh}. Show ${holder.firstName} the pass or print it for them.`;
}

/**
 * The "Pickup pass" section of an emergency contact's page (issue 11): without a pass, what a pass is and
 * a form to issue one with a PIN (or why one cannot be issued); with one, its status and validity, the
 * printable card (QR code and code), the adult's photo, re-issuing (the old pass stops working) and turning
 * it off. For the parent's own contact it speaks to "you".
 */
export function PassPanel({ trustee, childNames }: { trustee: Trustee; childNames: readonly string[] }) {
  const holder = holderOf(trustee);
  const headingId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [reissuing, setReissuing] = useState(false);
  const [showCard, setShowCard] = useState(false);
  const [focusStatus, setFocusStatus] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on "Try again" to load again.
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    getPassState(trustee.id, controller.signal).then(
      (state) => {
        if (!controller.signal.aborted) setLoaded({ status: 'ready', state });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [trustee.id, attempt]);

  // After issuing or turning off, focus moves to the new status (the form or button that had it is gone).
  useEffect(() => {
    if (focusStatus) {
      statusRef.current?.focus();
      setFocusStatus(false);
    }
  }, [focusStatus]);

  // The contact is gone (deleted in another tab): the page around says so when reloaded; no pass to show.
  if (loaded.status === 'error' && isNotFound(loaded.error)) return null;

  const setPass = (pass: PickupPass) =>
    setLoaded((current) =>
      current.status === 'ready' ? { status: 'ready', state: { ...current.state, pass } } : current,
    );

  const onIssued = (pass: PickupPass, reissued: boolean) => {
    setPass(pass);
    setReissuing(false);
    setFocusStatus(true);
    notifySuccess(issuedMessage(holder, reissued));
  };

  const children = joinFirstNames(childNames);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Pickup pass
        </Title>
        {loaded.status === 'loading' ? <Loading label="Loading the pickup pass…" /> : null}
        {loaded.status === 'error' ? (
          <LoadFailed
            message="We could not load the pickup pass. Please check your connection and try again."
            retry={() => setAttempt((n) => n + 1)}
          />
        ) : null}
        {loaded.status === 'ready' ? (
          <>
            {loaded.state.pass ? (
              <PassStatus pass={loaded.state.pass} holder={holder} statusRef={statusRef} />
            ) : null}

            {loaded.state.pass && loaded.state.pass.status !== 'Revoked' ? (
              <ActivePass
                trusteeId={trustee.id}
                pass={loaded.state.pass}
                holder={holder}
                cannotIssue={loaded.state.cannotIssue}
                showCard={showCard}
                setShowCard={setShowCard}
                reissuing={reissuing}
                setReissuing={setReissuing}
                onIssued={(pass) => onIssued(pass, true)}
                onRevoked={(pass) => {
                  setPass(pass);
                  setShowCard(false);
                  setReissuing(false);
                  setFocusStatus(true);
                }}
                onPhoto={(state) => setLoaded({ status: 'ready', state })}
                onGone={() => setAttempt((n) => n + 1)}
              />
            ) : (
              <Stack gap="sm">
                <Text>
                  {holder.isSelf
                    ? `A pickup pass lets you check ${children} in and out at our door with your phone. At pickup you’ll also type a PIN you choose now.`
                    : `A pickup pass lets ${holder.firstName} check ${children} in and out at our door with their phone. They’ll also need a PIN you choose together.`}
                </Text>
                {loaded.state.cannotIssue ? (
                  <Alert color="yellow" variant="light">
                    <Text>{loaded.state.cannotIssue}</Text>
                  </Alert>
                ) : (
                  <PinForm
                    trusteeId={trustee.id}
                    label={
                      holder.isSelf ? 'Issue your pickup pass' : `Issue a pickup pass for ${holder.fullName}`
                    }
                    submitLabel="Issue pass"
                    description={
                      holder.isSelf
                        ? 'Choose a PIN you’ll remember: you type it when you pick up.'
                        : `Choose the PIN with ${holder.firstName}: they type it when picking up.`
                    }
                    onIssued={(pass) => onIssued(pass, Boolean(loaded.state.pass))}
                  />
                )}
              </Stack>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "Status: Active", until when, and in plain words why a pass does not work. Focused after a change. */
function PassStatus({
  pass,
  holder,
  statusRef,
}: {
  pass: PickupPass;
  holder: Holder;
  statusRef: RefObject<HTMLDivElement | null>;
}) {
  const when =
    pass.status === 'Revoked'
      ? pass.revokedAt
        ? `Turned off on ${longDay(pass.revokedAt)}`
        : 'Turned off'
      : pass.status === 'Expired'
        ? `Expired on ${longDay(pass.expiresAt)}`
        : `Valid until ${longDay(pass.expiresAt)}`;
  return (
    <Stack gap={4} ref={statusRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
      <Group gap="sm">
        <Text fw={700}>{holder.isSelf ? 'Your pass' : `${holder.firstName}’s pass`}</Text>
        <Badge color={passStatusColor[pass.status]} variant="filled" size="lg" tt="none">
          {passStatusLabel[pass.status]}
        </Badge>
      </Group>
      <Text>{when}</Text>
      {pass.status === 'Revoked' ? (
        <Text>It no longer works at our door. You can issue a new pass below.</Text>
      ) : pass.statusReason ? (
        <Text>{pass.statusReason}</Text>
      ) : null}
      {pass.status === 'Active' && !holder.isSelf && !holder.hasEmail ? (
        <Text size="sm">
          {holder.firstName} has no email address with us, so show them the pass on your phone or print it for
          them.
        </Text>
      ) : null}
    </Stack>
  );
}

/** A pass that has not been turned off: show its card, re-issue it, add a photo, or turn it off. */
function ActivePass(props: {
  trusteeId: string;
  pass: PickupPass;
  holder: Holder;
  /** Why no new pass can be issued now (contract PassState), or null. */
  cannotIssue: string | null;
  showCard: boolean;
  setShowCard: (show: boolean) => void;
  reissuing: boolean;
  setReissuing: (reissuing: boolean) => void;
  onIssued: (pass: PickupPass) => void;
  onRevoked: (pass: PickupPass) => void;
  onPhoto: (state: PassState) => void;
  onGone: () => void;
}) {
  const { trusteeId, pass, holder } = props;
  const cardId = useId();
  const reissueRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);

  const revoke = async () => {
    setRevoking(true);
    try {
      const revoked = await revokePass(trusteeId);
      setConfirming(false);
      notifySuccess(
        holder.isSelf
          ? 'Your pickup pass is turned off. It no longer works at our door.'
          : `${holder.firstName}’s pickup pass is turned off. It no longer works at our door.`,
      );
      props.onRevoked(revoked);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setConfirming(false);
        notifySuccess('This pass was already turned off.');
        props.onGone();
        return;
      }
      notifyError('We could not turn off the pass. Please try again.', 'Pass still on');
    } finally {
      setRevoking(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Button
          variant={props.showCard ? 'default' : 'filled'}
          aria-expanded={props.showCard}
          aria-controls={cardId}
          onClick={() => props.setShowCard(!props.showCard)}
        >
          {props.showCard ? 'Hide pass' : 'Show pass'}
        </Button>
        {props.cannotIssue ? null : (
          <Button
            ref={reissueRef}
            variant="default"
            aria-expanded={props.reissuing}
            onClick={() => props.setReissuing(!props.reissuing)}
          >
            Issue a new pass
          </Button>
        )}
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          Turn off pass
        </Button>
      </Group>

      {props.cannotIssue ? <Text size="sm">{props.cannotIssue}</Text> : null}

      <div id={cardId}>{props.showCard ? <CardLoader trusteeId={trusteeId} passId={pass.id} /> : null}</div>

      {props.reissuing && !props.cannotIssue ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Issue a new pass
            </Title>
            <Text size="sm">
              {holder.isSelf
                ? 'Your current pass stops working as soon as you issue the new one.'
                : `${holder.firstName}’s current pass stops working as soon as you issue the new one${holder.hasEmail ? `, and ${holder.firstName} gets an email with the new pass` : ''}.`}
            </Text>
            <PinForm
              trusteeId={trusteeId}
              label={
                holder.isSelf
                  ? 'Issue yourself a new pickup pass'
                  : `Issue a new pickup pass for ${holder.fullName}`
              }
              submitLabel="Issue new pass"
              description={
                holder.isSelf
                  ? 'Choose a PIN for the new pass.'
                  : `Choose the new PIN with ${holder.firstName}.`
              }
              onIssued={props.onIssued}
              onCancel={() => {
                props.setReissuing(false);
                reissueRef.current?.focus();
              }}
            />
          </Stack>
        </Paper>
      ) : null}

      <PassPhoto
        trusteeId={trusteeId}
        holder={{ fullName: holder.fullName, isSelf: holder.isSelf }}
        imageUrl={pass.imageUrl}
        onUploaded={props.onPhoto}
      />

      <Modal
        opened={confirming}
        onClose={() => {
          if (!revoking) setConfirming(false);
        }}
        title="Turn off pickup pass"
        centered
      >
        <Text>
          {holder.isSelf
            ? 'Turn off your pickup pass? It stops working at our door right away.'
            : `Turn off ${holder.fullName}’s pickup pass? It stops working at our door right away.`}{' '}
          You can issue a new one at any time.
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={revoking}>
            Keep pass
          </Button>
          <Button color="red" onClick={revoke} loading={revoking}>
            Turn off pass
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** The printable card of the current pass, loaded when the family asks to see it. */
function CardLoader({ trusteeId, passId }: { trusteeId: string; passId: string }) {
  const headingId = useId();
  const card = useLoad(`pass-card:${passId}`, (signal) => getPassCard(trusteeId, signal));
  if (card.status === 'loading') return <Loading label="Loading the pass…" />;
  if (card.status === 'error') {
    return (
      <LoadFailed
        message="We could not load the pass. Please check your connection and try again."
        retry={card.retry}
      />
    );
  }
  return <PassCardView card={card.data} headingLevel={3} headingId={headingId} />;
}
