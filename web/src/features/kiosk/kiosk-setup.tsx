import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { logOut } from '../../api/auth';
import { ApiError } from '../../api/client';
import { enrollKiosk } from '../../api/passes';
import { useLoginRedirect } from '../../layout/require-auth';
import { currentRole, isStaffRole } from '../../lib/auth-token';
import { KIOSK_TOKEN_KEY, messageOf } from './kiosk-parts';

/** Before kiosk mode: a staff member names the tablet and turns kiosk mode on. */
export function KioskSetup({
  onReady,
}: {
  onReady: (kiosk: { id: string; name: string; token: string }) => void;
}) {
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
