/**
 * The door screen in kiosk mode: the header, the visit's current step (or the staff clock, issue 26) and the
 * way out of kiosk mode.
 */

import { Box, Button, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { kioskCheckIn, kioskCheckOut } from '../../api/passes';
import { site } from '../../content/site';
import { AdultStep } from './adult-step';
import { DoneStep } from './done-step';
import { KIOSK_TOKEN_KEY, key, messageOf } from './kiosk-parts';
import { LeaveKioskDialog } from './leave-kiosk-dialog';
import { PinStep } from './pin-step';
import { ScanStep } from './scan-step';
import { StaffClock } from './staff-clock';
import { useKioskVisit } from './use-kiosk-visit';

/** The door screen. */
export function KioskMode({
  kiosk,
  onLeft,
}: {
  kiosk: { id: string; name: string; token: string };
  onLeft: () => void;
}) {
  const { visit, setVisit, problem, setProblem, headingRef, reset, lookUp } = useKioskVisit(
    kiosk.token,
    onLeft,
  );
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Container size="md" py="md">
        <KioskHeader kioskName={kiosk.name} onLeave={() => setLeaving(true)} />
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
              onStaffClock={() => setVisit({ step: 'staff' })}
            />
          ) : null}
          {visit.step === 'staff' ? (
            <StaffClock token={kiosk.token} headingRef={headingRef} onDone={reset} />
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
                  const { results, ratioWarnings } = await kioskCheckIn(kiosk.token, {
                    code: visit.code,
                    method: visit.method,
                    children: visit.scan.children.filter((c) => chosen.includes(key(c))),
                  });
                  setVisit({
                    step: 'done',
                    results,
                    kind: 'CheckIn',
                    holderName: visit.scan.holderName,
                    ratioWarnings,
                  });
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
            <DoneStep
              headingRef={headingRef}
              results={visit.results}
              kind={visit.kind}
              ratioWarnings={visit.ratioWarnings ?? []}
              onDone={reset}
            />
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

/** The door screen's header: the center and the tablet's name, and the way out of kiosk mode. */
function KioskHeader({ kioskName, onLeave }: { kioskName: string; onLeave: () => void }) {
  return (
    <Group component="header" justify="space-between" align="center" mb="lg" gap="xs">
      <Text fw={700}>
        {site.name} · {kioskName}
      </Text>
      <Button variant="subtle" onClick={onLeave} style={{ flexShrink: 0 }}>
        Leave kiosk mode
      </Button>
    </Group>
  );
}
