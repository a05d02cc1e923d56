import { Alert, Box, Button, Card, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { type HeadingRef, readableTitle } from './kiosk-parts';

const QrCamera = lazy(() => import('./qr-camera'));

/** The door's first step: scan a pickup pass with the camera, or type the code printed under its QR code. */
export function ScanStep({
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
