import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { logOut } from '../../api/auth';
import { enrollKiosk } from '../../api/passes';
import { useLoginRedirect } from '../../layout/require-auth';
import { currentRole, isStaffRole } from '../../lib/auth-token';
import { failureField } from '../forms/feedback';
import { TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { KIOSK_TOKEN_KEY, messageOf } from './kiosk-parts';

/**
 * Before kiosk mode: a staff member names the tablet and turns kiosk mode on. A form of the kit
 * (docs/architecture.md, "Forms"): a refusal is said by the name, which takes the focus.
 */
export function KioskSetup({
  onReady,
}: {
  onReady: (kiosk: { id: string; name: string; token: string }) => void;
}) {
  const redirect = useLoginRedirect();
  // A message stays by the name until the next try.
  const form = useForm<{ name: string }>({
    defaultValues: { name: 'Front door' },
    reValidateMode: 'onSubmit',
  });
  const { onSubmit, submitting } = useSubmit(form, {
    // Already a door tablet (another tab started kiosk mode): the server answers that tablet again.
    action: ({ name }) => enrollKiosk(name, localStorage.getItem(KIOSK_TOKEN_KEY) ?? undefined),
    fields: ['name'],
    onSuccess: ({ kiosk, token }) => {
      localStorage.setItem(KIOSK_TOKEN_KEY, token);
      // The tablet is the door's now: nobody's staff login stays on it, here or on the server (decision 016).
      void logOut();
      onReady({ id: kiosk.id, name: kiosk.name, token });
    },
    // Any other failure is said by the name too, which takes the focus.
    alert: (error) => {
      const message = failureField(error, 'name') ?? messageOf(error);
      form.setError('name', { type: 'server', message }, { shouldFocus: true });
      return null;
    },
  });
  if (redirect) return redirect;
  if (!isStaffRole(currentRole())) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Door kiosk</Title>
        <Text mt="md">Only center staff can set up the door kiosk.</Text>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Set up the door kiosk</Title>
        <Text>
          This tablet will check children in and out at the door with the families’ pickup passes. Once it is
          set up, it shows only the door screen and your staff login is signed out here. Leaving kiosk mode
          needs a staff login again.
        </Text>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextField
              form={form}
              name="name"
              label="Name of this tablet"
              description="Staff see it in the list of door tablets, e.g. “Front door”."
              required
            />
            <Group>
              <Button type="submit" loading={submitting}>
                Start kiosk mode
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
