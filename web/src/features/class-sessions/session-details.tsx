import type { ClassSession } from '@lc/contract';
import { routes } from '@lc/contract';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, intlLocale } from '../../i18n/intl-locale.ts';
import {
  ageLimitsText,
  formatDateRange,
  isFewSeats,
  registrationWindowLines,
  seatsLeftText,
  sessionActions,
} from './format.ts';

/** Dates, schedule, price and supply fee of a session, as a description list. */
export function SessionFacts({ session }: { session: ClassSession }) {
  const { t } = useTranslation();
  const facts: Array<[string, string]> = [
    [
      t('enroll.session.dates'),
      formatDateRange(session.sessionStartDate, session.sessionEndDate, intlLocale()),
    ],
    [t('enroll.session.schedule'), session.daySchedule],
  ];
  // "Ages 3½–5" on the first day: the same limits the server enforces when a family enrolls (issue 10).
  const ages = ageLimitsText(session.minAgeMonths, session.maxAgeMonths);
  if (ages) facts.push([t('enroll.session.ages'), ages]);
  // A price of 0 means "not set yet" (e.g. a waitlist-only program), not "free": say nothing rather than $0.00.
  if (session.registrationPrice > 0)
    facts.push([t('enroll.session.tuition'), formatMoney(session.registrationPrice)]);
  if (session.supplyFee > 0) facts.push([t('enroll.session.supplyFee'), formatMoney(session.supplyFee)]);
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem' }}>
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <Text component="dt" fw={600}>
            {term}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

/** The registration windows and the seats left. */
export function SessionRegistration({ session }: { session: ClassSession }) {
  // Re-renders on a language switch (the sentences below read the language shown now).
  useTranslation();
  const lines = registrationWindowLines(session);
  const seats = seatsLeftText(session);
  return (
    <Stack gap="xs">
      {lines.length > 0 ? (
        <List size="sm" spacing={2}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
      {seats ? (
        <Group gap="xs">
          {/* Filled, dark shades: white text on them passes 4.5:1 in both themes (light badges do not). */}
          <Badge
            color={isFewSeats(session) ? 'honey.9' : session.seatsLeft > 0 ? 'oak.8' : 'gray.7'}
            variant="filled"
            size="lg"
            tt="none"
          >
            {seats}
          </Badge>
        </Group>
      ) : null}
    </Stack>
  );
}

/** 'Enroll Now' / 'Join the Waitlist' as the session's registration state allows, or a status line. */
export function SessionActionButtons({ session }: { session: ClassSession }) {
  const { t } = useTranslation();
  const actions = sessionActions(session);
  return (
    <Stack gap="xs">
      {actions.status ? (
        <Text fw={600} size="sm">
          {actions.status}
        </Text>
      ) : null}
      {actions.enroll || actions.waitlist ? (
        <Group gap="sm">
          {actions.enroll ? (
            <Button
              component={Link}
              to={routes.enroll(session.id)}
              aria-label={t('enroll.session.enrollNowIn', { session: session.name })}
            >
              {t('enroll.session.enrollNow')}
            </Button>
          ) : null}
          {actions.waitlist ? (
            <Button
              component={Link}
              to={routes.waitlist(session.id)}
              variant="outline"
              aria-label={t('enroll.session.joinWaitlistFor', { session: session.name })}
            >
              {t('enroll.session.joinWaitlist')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
