import type { DoorScan } from '@lc/contract';
import { Button, Card, Group, Image, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { type HeadingRef, messageOf } from './kiosk-parts';

/** A pickup's second factor: the adult's PIN, or staff confirming the pass holder's photo. */
export function PinStep({
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
