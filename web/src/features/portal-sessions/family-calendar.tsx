/**
 * The family's side of the center's calendar (issue 24): the closures and early dismissals ahead that touch
 * their children's sessions, and the whole center's, in the page's language. Read from `GET
 * /api/Family/Calendar`; shown on My sessions.
 */
import type { Closure } from '@lc/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { familySharingQueries } from '../../api/queries/family-sharing.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { LoadFailed } from '../family/load-states.tsx';
import { CalendarFeedSection } from './calendar-feed.tsx';

const asDate = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** "Thursday, November 26" or "Thu, Dec 21 – Fri, Jan 1", in `locale`. */
export function closureDays(closure: Pick<Closure, 'startsOn' | 'endsOn'>, locale: string): string {
  if (closure.startsOn === closure.endsOn)
    return new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(asDate(closure.startsOn));
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).formatRange(asDate(closure.startsOn), asDate(closure.endsOn));
}

/** "12:00 PM" / "12:00 p. m." from the center's wall clock "12:00", in `locale`. */
export function wallTime(hhmm: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(`1970-01-01T${hhmm}:00Z`),
  );
}

/** The "Closed days and early pickups" section of My sessions. */
export function FamilyCalendar() {
  const { t } = useTranslation();
  const calendar = useQuery(familySharingQueries.calendar());
  const locale = intlLocale();
  return (
    <section aria-labelledby="family-calendar">
      <Title order={2} size="h3" id="family-calendar">
        {t('portal.mySessions.calendar.heading')}
      </Title>
      <Text mt={4} mb="sm">
        {t('portal.mySessions.calendar.intro')}
      </Text>
      {calendar.status === 'error' ? (
        <LoadFailed message={t('portal.mySessions.calendar.failed')} retry={() => calendar.refetch()} />
      ) : null}
      {calendar.status === 'success' && calendar.data.items.length === 0 ? (
        <Text>{t('portal.mySessions.calendar.none')}</Text>
      ) : null}
      {calendar.status === 'success' && calendar.data.items.length > 0 ? (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {calendar.data.items.map((closure) => (
            <li key={closure.id}>
              <Group gap="xs" wrap="wrap" align="baseline">
                <Badge
                  variant="filled"
                  radius="sm"
                  tt="none"
                  color={closure.kind === 'Closed' ? 'red.8' : 'honey.9'}
                >
                  {closure.kind === 'Closed'
                    ? t('portal.mySessions.calendar.closed')
                    : t('portal.mySessions.calendar.homeAt', {
                        time: wallTime(closure.dismissAt ?? '00:00', locale),
                      })}
                </Badge>
                <Text fw={600}>{closureDays(closure, locale)}</Text>
                <Text>
                  {closure.reason} · {closure.sessionName ?? t('portal.mySessions.calendar.wholeCenter')}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      ) : null}
      <CalendarFeedSection />
    </section>
  );
}
