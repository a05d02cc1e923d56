/**
 * The door tablet's staff clock (issue 26, decision 038): a staff member chooses themselves (or types their
 * PIN only), enters their PIN, then clocks in to a room (their own first, the default) or out of the room
 * they are in. Each call carries the PIN again (the tablet keeps nothing); a wrong PIN is said by the field,
 * which takes the focus; too many pause the tablet's PIN tries. The room's ratio after it is shown, and an
 * "over ratio" warning is said plainly.
 */
import type { DutyClockResult, KioskDutyPerson } from '@lc/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { kioskDutyClock, kioskDutyIdentify, kioskDutyStaff } from '../../api/staff-duty';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { failedWith, failureMessage } from '../forms/feedback';
import { NativeSelectField, PasswordField } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { type HeadingRef, readableTitle } from './kiosk-parts';

const PIN_ONLY = '';

const clockTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));

/** The staff clock at the door, from choosing oneself to the result; `onDone` goes back to scanning. */
export function StaffClock({
  token,
  headingRef,
  onDone,
}: {
  token: string;
  headingRef: HeadingRef;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [person, setPerson] = useState<{ found: KioskDutyPerson; pin: string; userId: string } | null>(null);
  const [result, setResult] = useState<DutyClockResult | null>(null);
  // Each screen's heading takes the focus, as the door's steps do.
  useEffect(() => {
    if (person || result) headingRef.current?.focus();
  }, [person, result, headingRef]);
  const staff = useQuery({ queryKey: ['kiosk-duty-staff', token], queryFn: () => kioskDutyStaff(token) });

  const who = useForm<{ userId: string; pin: string }>({ defaultValues: { userId: PIN_ONLY, pin: '' } });
  const identify = useSubmit(who, {
    action: ({ userId, pin }) => kioskDutyIdentify(token, { userId: userId || null, pin }),
    fields: ['pin'],
    // A wrong PIN (403) or too many (429) is said by the PIN field, emptied, with the focus.
    intercept: (error) => {
      if (!failedWith(error, 403, 429)) return false;
      who.setValue('pin', '');
      who.setError(
        'pin',
        { type: 'server', message: failureMessage(error, t('duty.kiosk.pin')) },
        { shouldFocus: true },
      );
      return true;
    },
    onSuccess: (found, values) => setPerson({ found, pin: values.pin, userId: found.userId }),
  });

  const room = useForm<{ classSessionId: string }>({ defaultValues: { classSessionId: '' } });
  const [action, setAction] = useState<'in' | 'out'>('in');
  const clock = useSubmit(room, {
    action: ({ classSessionId }) =>
      kioskDutyClock(token, {
        userId: person!.userId,
        pin: person!.pin,
        classSessionId: Number(
          classSessionId || person!.found.open?.classSessionId || person!.found.sessions[0]?.classSessionId,
        ),
        action,
      }),
    fields: ['classSessionId'],
    onSuccess: (done) => setResult(done),
  });

  if (result) {
    const r = result.ratio;
    const counts = {
      children: t('duty.ratio.children', { count: r.children }),
      adults: t('duty.ratio.adults', { count: r.adults }),
      needed: t('duty.ratio.needed', { count: r.required }),
    };
    return (
      <Stack gap="lg">
        <Title order={1} ref={headingRef} tabIndex={-1}>
          {result.punch.outAt
            ? t('duty.kiosk.clockedOut', {
                room: result.punch.sessionName,
                time: clockTime(result.punch.outAt, i18n.language),
              })
            : t('duty.kiosk.clockedIn', {
                room: result.punch.sessionName,
                time: clockTime(result.punch.inAt, i18n.language),
              })}
        </Title>
        <Alert
          role="status"
          styles={readableTitle}
          color={r.state === 'over' ? 'red' : r.state === 'atLimit' ? 'yellow' : 'green'}
          variant="light"
          title={`${r.name}: ${t(`duty.ratio.state.${r.state}`)}`}
        >
          {t('duty.ratio.room', { ...counts, ratio: r.childrenPerAdult })} · {counts.needed}
        </Alert>
        <Group>
          <Button size="lg" onClick={onDone}>
            {t('duty.kiosk.done')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (person) {
    const { found } = person;
    return (
      <Stack gap="lg">
        <Title order={1} ref={headingRef} tabIndex={-1}>
          {t('duty.kiosk.hello', { name: found.name })}
        </Title>
        <Text>
          {found.open
            ? t('duty.kiosk.openSince', {
                room: found.open.sessionName,
                time: clockTime(found.open.inAt, i18n.language),
              })
            : t('duty.kiosk.notIn')}
        </Text>
        <form noValidate onSubmit={clock.onSubmit}>
          <Stack maw={420}>
            <FormFailure failure={clock.failure} />
            <NativeSelectField
              form={room}
              name="classSessionId"
              label={t('duty.kiosk.room')}
              size="lg"
              data={found.sessions.map((s) => ({
                value: String(s.classSessionId),
                label: s.assigned ? t('duty.kiosk.yours', { room: s.name }) : s.name,
              }))}
            />
            <Group>
              <Button
                type="submit"
                size="lg"
                onClick={() => setAction('in')}
                loading={clock.submitting && action === 'in'}
              >
                {t('duty.kiosk.clockIn')}
              </Button>
              {found.open ? (
                <Button
                  type="submit"
                  size="lg"
                  variant="light"
                  onClick={() => {
                    room.setValue('classSessionId', String(found.open!.classSessionId));
                    setAction('out');
                  }}
                  loading={clock.submitting && action === 'out'}
                >
                  {t('duty.kiosk.clockOut', { room: found.open.sessionName })}
                </Button>
              ) : null}
              <Button variant="subtle" size="lg" onClick={onDone}>
                {t('duty.kiosk.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} ref={headingRef} tabIndex={-1}>
        {t('duty.kiosk.title')}
      </Title>
      <form noValidate onSubmit={identify.onSubmit}>
        <Stack maw={420}>
          <FormFailure failure={identify.failure} />
          <NativeSelectField
            form={who}
            name="userId"
            label={t('duty.kiosk.who')}
            size="lg"
            data={[
              { value: PIN_ONLY, label: t('duty.kiosk.pinOnly') },
              ...(staff.data?.people ?? []).map((p) => ({ value: p.userId, label: p.name })),
            ]}
          />
          <PasswordField
            form={who}
            name="pin"
            label={t('duty.kiosk.pin')}
            description={t('duty.kiosk.pinHint')}
            size="lg"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
          />
          <Group>
            <Button type="submit" size="lg" loading={identify.submitting}>
              {t('duty.kiosk.next')}
            </Button>
            <Button variant="subtle" size="lg" onClick={onDone}>
              {t('duty.kiosk.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
