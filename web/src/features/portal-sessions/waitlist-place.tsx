import { routes, type WaitlistSubmission } from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDeadline, formatPortalDateRange } from './format.ts';

/**
 * One child's open waitlist place. An offered seat is the one thing on the page with a deadline, so it is
 * drawn boldly with its Enroll now button; a waiting place says where the child is in line.
 */
export function WaitlistPlace({ place, now = new Date() }: { place: WaitlistSubmission; now?: Date }) {
  const { t } = useTranslation();
  const child = place.student.firstName;
  const session = place.classSession;
  // The session's name goes inside the link by the message (`<session>{{session}}</session>`).
  const sessionLink = (
    <Anchor component={Link} to={routes.session(session.id)} inherit fw={600} underline="always" />
  );

  if (place.status === 'Offered') {
    return (
      <Card
        component="li"
        withBorder
        radius="md"
        padding="md"
        style={{ borderColor: 'var(--mantine-color-honey-6)', borderWidth: 2 }}
      >
        <Stack gap="xs">
          <Text fw={700} size="lg">
            {place.expires
              ? t('portal.waitlistPlace.seatSavedUntil', {
                  child,
                  deadline: formatDeadline(place.expires, now),
                })
              : t('portal.waitlistPlace.seatSaved', { child })}
          </Text>
          <Text size="sm">
            <Trans
              i18nKey="portal.waitlistPlace.offerDetails"
              values={{
                session: session.name,
                dates: formatPortalDateRange(session.sessionStartDate, session.sessionEndDate),
              }}
              components={{ session: sessionLink }}
            />
          </Text>
          <Group>
            <Button component={Link} to={routes.enroll(session.id)}>
              {t('portal.waitlistPlace.enrollNow')}
              <VisuallyHidden>
                {' '}
                {t('portal.waitlistPlace.enrollNowFor', { child, session: session.name })}
              </VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Text>
        {place.position !== null ? (
          <Trans
            i18nKey="portal.waitlistPlace.numberInLine"
            values={{ child, position: place.position, session: session.name }}
            components={{ strong: <strong />, session: sessionLink }}
          />
        ) : (
          <Trans
            i18nKey="portal.waitlistPlace.onWaitlist"
            values={{ child, session: session.name }}
            components={{ session: sessionLink }}
          />
        )}
      </Text>
      <Text size="sm" mt={4}>
        {t('portal.waitlistPlace.emailWhenOpen', { child })}
      </Text>
    </Card>
  );
}

/** A list of waitlist places (offered first, as the caller sorted them). */
export function WaitlistPlaces({ places, now }: { places: readonly WaitlistSubmission[]; now?: Date }) {
  return (
    <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {places.map((place) => (
        <WaitlistPlace key={place.id} place={place} now={now} />
      ))}
    </Stack>
  );
}
