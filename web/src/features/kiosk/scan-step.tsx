import { Alert, Box, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { type HeadingRef, readableTitle } from './kiosk-parts';

const QrCamera = lazy(() => import('./qr-camera'));

/**
 * The door's first step: scan a pickup pass with the camera, or type the code printed under its QR code (a
 * form of the kit, docs/architecture.md, "Forms": a code too short is said by the field, which takes the
 * focus, until the next try).
 */
export function ScanStep({
  headingRef,
  busy,
  problem,
  cameraProblem,
  onCameraProblem,
  onCode,
  onStaffClock,
}: {
  headingRef: HeadingRef;
  busy: boolean;
  problem: string | null;
  cameraProblem: string | null;
  onCameraProblem: (reason: string) => void;
  onCode: (code: string, method: 'Pass' | 'Code') => void;
  /** Opens the staff clock (issue 26). */
  onStaffClock: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  const { onSubmit } = useSubmit(form, {
    action: async ({ code }) => onCode(code, 'Code'),
    fields: [],
  });
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
              <Suspense fallback={<Loader role="status" aria-label="Starting the camera" />}>
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
          <form noValidate onSubmit={onSubmit}>
            <Stack>
              <TextField
                form={form}
                name="code"
                rules={{
                  validate: (typed) =>
                    typed.replace(/[\s-]/g, '').length >= 20 ||
                    'Type all the letters and numbers under the QR code',
                }}
                label="No phone? Type the pass code"
                description="The letters and numbers under the QR code, e.g. K7Q2 M9XD …"
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
      <Group>
        <Button variant="default" size="lg" onClick={onStaffClock}>
          {t('duty.kiosk.open')}
        </Button>
      </Group>
    </Stack>
  );
}
