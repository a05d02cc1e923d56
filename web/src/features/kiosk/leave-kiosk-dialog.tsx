import { routes } from '@lc/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { revokeKiosk } from '../../api/passes';
import { isStaffRole, readClaims, setToken } from '../../lib/auth-token';
import { PasswordField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { StaffDialog } from '../staff/staff-dialog';
import { messageOf } from './kiosk-parts';

/**
 * Leaving kiosk mode: a staff login, then the tablet's kiosk token is stopped and the staff member is signed
 * in. A form of the kit (docs/architecture.md, "Forms"): a refusal is said by the password until the next try.
 */
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
  const form = useForm<{ emailAddress: string; password: string }>({
    defaultValues: { emailAddress: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const refuse = (message: string) => form.setError('password', { type: 'server', message });
  const { onSubmit, submitting } = useSubmit(form, {
    // False: the login is not a staff member's.
    action: async ({ emailAddress, password }) => {
      const token = await login({ emailAddress, password });
      if (!isStaffRole(readClaims(token)?.role ?? null)) return false;
      setToken(token);
      if (kioskId) await revokeKiosk(kioskId);
      return true;
    },
    fields: [],
    onSuccess: (left) => {
      if (!left) return refuse('Only center staff can leave kiosk mode.');
      onLeft();
      navigate(routes.staffAttendance);
    },
    alert: (error) => {
      refuse(messageOf(error));
      return null;
    },
  });
  return (
    <StaffDialog opened={opened} onClose={onClose} title="Leave kiosk mode">
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <Text fz="sm">A staff login is needed. This tablet stops working as the door kiosk.</Text>
          <TextField
            form={form}
            name="emailAddress"
            label="Staff email"
            type="email"
            autoComplete="username"
            data-autofocus
          />
          <PasswordField form={form} name="password" label="Password" autoComplete="current-password" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Stay in kiosk mode
            </Button>
            <Button type="submit" loading={submitting}>
              Leave kiosk mode
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffDialog>
  );
}
