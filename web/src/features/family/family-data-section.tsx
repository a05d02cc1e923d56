/**
 * "Your family's data" on the portal's home (issue 13): **Download our data** saves one ZIP with everything
 * the center holds about the family (`GET /api/Family/Export`: family.json and a CSV per table); **Close our
 * account** erases the family's details after the password is typed again (`POST /api/Family/Close`).
 */
import { api, routes } from '@lc/contract';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiDownload, apiRequest } from '../../api/client';
import { saveFile } from '../../lib/save-file';
import { notifySuccess } from '../forms/notify';
import { StaffDialog } from '../staff/staff-dialog';

export function FamilyDataSection() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Card component="section" aria-labelledby="family-data" withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" id="family-data" mb={6}>
        Your family’s data
      </Title>
      <Text size="sm" mb="sm">
        Download one file with everything we hold about your family — children, allergies, contacts, places,
        waitlists, payments, drop-offs and pickups, and the emails we sent you — as JSON and as spreadsheets.
      </Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          We could not prepare your file just now. Please try again in a moment.
        </Alert>
      ) : null}
      <Button
        variant="default"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            const { blob, fileName } = await apiDownload(api.familyExport);
            saveFile(blob, fileName);
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        Download our data
      </Button>
      <CloseAccount />
    </Card>
  );
}

/** "Close our account": what it does, the password again, and the center's reason when it cannot be done yet. */
function CloseAccount() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const close = () => {
    if (busy) return;
    setOpened(false);
    setPassword('');
    setFieldError(null);
    setRefusal(null);
  };
  return (
    <>
      <Text size="sm" mt="lg" mb="sm">
        Leaving us? You can close your account: we erase your family’s details and keep only your past
        payments, without names, for our accounts.
      </Text>
      <Button variant="outline" color="red" onClick={() => setOpened(true)}>
        Close our account
      </Button>
      <StaffDialog opened={opened} onClose={close} title="Close our account">
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            setFieldError(null);
            setRefusal(null);
            if (!password) {
              setFieldError('Type your password to confirm');
              passwordRef.current?.focus();
              return;
            }
            setBusy(true);
            try {
              await apiRequest(api.familyClose, { method: 'POST', body: { password } });
              // Signed out the usual way (/logout clears the session and shows the login page).
              navigate(routes.logout, { replace: true });
              notifySuccess(
                'Your account is closed and your family’s details are erased. Thank you for your time with us.',
              );
            } catch (error) {
              if (error instanceof ApiError && error.fields.password) {
                setFieldError(error.fields.password);
                passwordRef.current?.focus();
              } else {
                setRefusal(
                  error instanceof ApiError
                    ? error.message
                    : 'We could not close your account just now. Please try again.',
                );
              }
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack>
            <Text size="sm">
              This erases your children, their allergies, your emergency contacts and their pickup passes,
              your places and waitlist places, and the messages we sent you. It cannot be undone. Download
              your data first if you would like a copy.
            </Text>
            {refusal ? (
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
            ) : null}
            <PasswordInput
              ref={passwordRef}
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldError}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                Keep our account
              </Button>
              <Button type="submit" color="red" loading={busy}>
                Close our account
              </Button>
            </Group>
          </Stack>
        </form>
      </StaffDialog>
    </>
  );
}
