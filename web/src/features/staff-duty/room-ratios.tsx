/**
 * The rooms' licensing ratios, live (issue 26, decision 038): per room the children checked in against the
 * staff clocked in, the adults needed and the state, from `GET /api/staff/duty/ratios`, read again every
 * 30 seconds and on focus; today's breaches under them. Shown on Today and on the attendance board. And the
 * director's "expiring next" certifications for Today.
 */
import { type DutyRatios, dateTimeFormat, type RatioNow } from '@lc/contract';
import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dutyKeys, getExpiring, getRatios } from '../../api/staff-duty';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { TodayCard } from '../staff-today/today-sections';

/** How often the ratios are read again while the page is open, in milliseconds. */
export const RATIO_REFRESH_MS = 30_000;

const STATE_COLOR = { ok: 'green', atLimit: 'yellow', over: 'red' } as const;

/** "8:40 AM" (or "8:40") on the center's clock in the reader's language. */
function useClock() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language === 'es' ? 'es-US' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  });
  return (iso: string) => format.format(new Date(iso));
}

/** The rooms' ratio query: every 30 seconds while open. */
export function useRatios() {
  return useQuery({
    queryKey: dutyKeys.ratios(),
    queryFn: ({ signal }) => getRatios(signal),
    refetchInterval: RATIO_REFRESH_MS,
  });
}

/** One room's line: its name, the state badge, the counts and who is on duty. */
function RoomLine({ room }: { room: RatioNow }) {
  const { t } = useTranslation();
  return (
    <List.Item>
      <Stack gap={2} data-testid={`ratio-${room.classSessionId}`}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{room.name}</Text>
          <Badge
            color={STATE_COLOR[room.state]}
            variant="light"
            styles={{ label: { color: 'var(--mantine-color-text)' } }}
          >
            {t(`duty.ratio.state.${room.state}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('duty.ratio.room', {
            children: t('duty.ratio.children', { count: room.children }),
            adults: t('duty.ratio.adults', { count: room.adults }),
            ratio: room.childrenPerAdult,
          })}
          {' · '}
          {t('duty.ratio.needed', { count: room.required })}
        </Text>
        <Text size="sm" c="dimmed">
          {room.staff.length > 0
            ? t('duty.ratio.staffOnDuty', { names: room.staff.map((s) => s.name).join(', ') })
            : t('duty.ratio.nobodyOnDuty')}
        </Text>
      </Stack>
    </List.Item>
  );
}

/** The rooms and today's breaches, as read. */
export function RatioList({ ratios }: { ratios: DutyRatios }) {
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <Stack gap="sm">
      {ratios.sessions.length === 0 ? <Text>{t('duty.ratio.none')}</Text> : null}
      <List listStyleType="none" spacing="sm">
        {ratios.sessions.map((room) => (
          <RoomLine key={room.classSessionId} room={room} />
        ))}
      </List>
      {ratios.breaches.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          title={t('duty.ratio.breachesTitle')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <List spacing={4} size="sm">
            {ratios.breaches.map((b) => (
              <List.Item key={`${b.classSessionId}-${b.at}`}>
                {t('duty.ratio.breach', {
                  room: b.name,
                  time: clock(b.at),
                  children: t('duty.ratio.children', { count: b.children }),
                  adults: t('duty.ratio.adults', { count: b.adults }),
                  needed: t('duty.ratio.needed', { count: b.required }),
                })}{' '}
                ({b.ongoing ? t('duty.ratio.breachNow') : t('duty.ratio.breachEnded')})
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Today's card of the rooms' ratios (and the attendance board's). */
export function RoomRatiosCard() {
  const { t } = useTranslation();
  const ratios = useRatios();
  return (
    <TodayCard id="today-ratios" title={t('duty.ratio.title')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('duty.ratio.intro')}
      </Text>
      {ratios.isPending ? <Text role="status">{t('duty.ratio.loading')}</Text> : null}
      {ratios.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('duty.ratio.loadFailed')}
        </Alert>
      ) : null}
      {ratios.data ? <RatioList ratios={ratios.data} /> : null}
    </TodayCard>
  );
}

/** The director's card of certifications expired or expiring in the next 60 days, soonest first. */
export function ExpiringNextCard() {
  const { t, i18n } = useTranslation();
  const expiring = useQuery({ queryKey: dutyKeys.expiring(), queryFn: ({ signal }) => getExpiring(signal) });
  const day = dateTimeFormat(i18n.language === 'es' ? 'es-US' : 'en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const list = expiring.data?.certifications ?? [];
  return (
    <TodayCard id="today-expiring" title={t('duty.expiring.title')}>
      {expiring.data && list.length === 0 ? <Text>{t('duty.expiring.none')}</Text> : null}
      <List spacing={4} size="sm">
        {list.map((c) => {
          const values = {
            name: c.name,
            kind: t(`duty.expiring.kinds.${c.kind}`),
            date: day.format(new Date(`${c.expiresOn}T12:00:00Z`)),
            count: c.daysLeft ?? 0,
          };
          return (
            <List.Item key={c.id}>
              {(c.daysLeft ?? 0) < 0 ? t('duty.expiring.expired', values) : t('duty.expiring.item', values)}
            </List.Item>
          );
        })}
      </List>
    </TodayCard>
  );
}
