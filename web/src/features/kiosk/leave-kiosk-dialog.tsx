import { routes } from '@lc/contract';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { revokeKiosk } from '../../api/passes';
import { isStaffRole, readClaims, setToken } from '../../lib/auth-token';
import { StaffDialog } from '../staff/staff-dialog';
import { messageOf } from './kiosk-parts';

/** Leaving kiosk mode: a staff login, then the tablet's kiosk token is stopped and the staff member is signed in. */
export function LeaveKioskDialog({
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
