import { routes } from '@lc/contract';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clockFromPhone, dutyKeys, getDutyMe, setDutyPin } from '../../api/staff-duty';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { failureMessage } from '../../features/forms/feedback';
import { PasswordField } from '../../features/forms/fields';
import { notifyError } from '../../features/forms/notify';
import { FormFailure, useSubmit } from '../../features/forms/use-submit';
import classes from '../../features/staff/staff.module.css';
import { CertificationList } from '../../features/staff-duty/certifications';
import { usePageTitle } from '../../layout/use-page-title';
import { getToken, readClaims } from '../../lib/auth-token';

/**
 * /staff/my-time (issue 26, decision 038): the signed-in staff member's clock-in PIN for the door tablet,
 * clocking in and out from this phone in the rooms where the director allows it, today's punches, and their
 * own certifications (read-only; the director keeps them on the Team page).
 */
export default function StaffMyTimePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('duty.myTime.title'));
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: dutyKeys.me(), queryFn: ({ signal }) => getDutyMe(signal) });
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'es' ? 'es-US' : 'en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: CENTER_TIME_ZONE,
    }).format(new Date(iso));

  const pinForm = useForm<{ pin: string }>({ defaultValues: { pin: '' } });
  const pin = useSubmit(pinForm, {
    action: ({ pin }) => setDutyPin(pin),
    fields: ['pin'],
    success: t('duty.myTime.pinSaved'),
    invalidate: [dutyKeys.me()],
    onSuccess: () => pinForm.reset({ pin: '' }),
  });
  const clock = useMutation({
    mutationFn: (args: { classSessionId: number; action: 'in' | 'out' }) =>
      clockFromPhone(args.classSessionId, args.action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dutyKeys.all }),
    onError: (error) => notifyError(failureMessage(error, t('duty.myTime.loadFailed'))),
  });

  const data = me.data;
  const self = readClaims(getToken());
  const phoneRooms = data?.sessions.filter((s) => s.phoneAllowed) ?? [];
  return (
    <Stack gap="lg" mt="lg" className={classes.page} maw={760}>
      <div>
        <Title order={1}>{t('duty.myTime.title')}</Title>
        <Text c="dimmed" maw="65ch">
          {t('duty.myTime.intro')}
        </Text>
      </div>
      {me.isPending ? <Text role="status">{t('duty.myTime.loading')}</Text> : null}
      {me.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('duty.myTime.loadFailed')}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Paper component="section" aria-labelledby="my-time-phone" withBorder radius="md" p="md">
            <Title order={2} size="h4" id="my-time-phone" mb="sm">
              {t('duty.myTime.phoneTitle')}
            </Title>
            {phoneRooms.length === 0 ? <Text>{t('duty.myTime.phoneNone')}</Text> : null}
            <Stack gap="sm">
              {phoneRooms.map((room) => {
                const here = data.open?.classSessionId === room.classSessionId;
                return (
                  <Group key={room.classSessionId} justify="space-between" wrap="wrap">
                    <div>
                      <Text fw={600}>{room.name}</Text>
                      {here && data.open ? (
                        <Text size="sm">{t('duty.myTime.inSince', { time: time(data.open.inAt) })}</Text>
                      ) : null}
                    </div>
                    <Button
                      variant={here ? 'light' : 'filled'}
                      loading={clock.isPending && clock.variables?.classSessionId === room.classSessionId}
                      onClick={() =>
                        clock.mutate({ classSessionId: room.classSessionId, action: here ? 'out' : 'in' })
                      }
                    >
                      {here
                        ? t('duty.myTime.clockOut', { room: room.name })
                        : t('duty.myTime.clockIn', { room: room.name })}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          </Paper>

          <Paper component="section" aria-labelledby="my-time-today" withBorder radius="md" p="md">
            <Title order={2} size="h4" id="my-time-today" mb="sm">
              {t('duty.myTime.todayTitle')}
            </Title>
            {data.today.length === 0 ? <Text>{t('duty.myTime.todayNone')}</Text> : null}
            <List spacing={4}>
              {data.today.map((p) => (
                <List.Item key={p.id}>
                  {t('duty.myTime.punch', {
                    room: p.sessionName,
                    from: time(p.inAt),
                    to: p.outAt ? time(p.outAt) : t('duty.myTime.stillIn'),
                  })}
                </List.Item>
              ))}
            </List>
            <Anchor component={Link} to={routes.staffTimesheets} size="sm" mt="sm" display="inline-block">
              {t('duty.myTime.timesheets')}
            </Anchor>
          </Paper>

          {self ? (
            <Paper component="section" aria-labelledby="my-time-certifications" withBorder radius="md" p="md">
              <Title order={2} size="h4" id="my-time-certifications" mb="sm">
                My certifications
              </Title>
              <CertificationList userId={self.sub} name="you" canEdit={false} />
            </Paper>
          ) : null}

          <Paper component="section" aria-labelledby="my-time-pin" withBorder radius="md" p="md">
            <Title order={2} size="h4" id="my-time-pin" mb="sm">
              {t('duty.myTime.pinTitle')}
            </Title>
            <Text mb="sm">{data.pinSet ? t('duty.myTime.pinSet') : t('duty.myTime.pinNotSet')}</Text>
            <form noValidate onSubmit={pin.onSubmit}>
              <Stack maw={320}>
                <FormFailure failure={pin.failure} />
                <PasswordField
                  form={pinForm}
                  name="pin"
                  label={t('duty.myTime.newPin')}
                  inputMode="numeric"
                  autoComplete="new-password"
                  maxLength={6}
                />
                <Group>
                  <Button type="submit" loading={pin.submitting}>
                    {t('duty.myTime.savePin')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
