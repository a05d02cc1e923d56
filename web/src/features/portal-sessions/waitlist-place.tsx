import { routes, type WaitlistSubmission } from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateRange } from '../class-sessions/format.ts';
import { formatDeadline } from './format.ts';

/**
 * One child's open waitlist place. An offered seat is the one thing on the page with a deadline, so it is
 * drawn boldly with its Enroll now button; a waiting place says where the child is in line.
 */
export function WaitlistPlace({ place, now = new Date() }: { place: WaitlistSubmission; now?: Date }) {
  const child = place.student.firstName;
  const session = place.classSession;
  const sessionLink = (
    <Anchor component={Link} to={routes.session(session.id)} inherit fw={600} underline="always">
      {session.name}
    </Anchor>
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
              ? `A seat is saved for ${child} until ${formatDeadline(place.expires, now)}`
              : `A seat is saved for ${child}`}
          </Text>
          <Text size="sm">
            In {sessionLink} · {formatDateRange(session.sessionStartDate, session.sessionEndDate)}. Enroll
            before then, or the seat goes to the next family in line.
          </Text>
          <Group>
            <Button component={Link} to={routes.enroll(session.id)}>
              Enroll now
              <VisuallyHidden>
                {' '}
                — {child} in {session.name}
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
          <>
            {child} is <strong>number {place.position} in line</strong> for {sessionLink}.
          </>
        ) : (
          <>
            {child} is on the waitlist for {sessionLink}.
          </>
        )}
      </Text>
      <Text size="sm" mt={4}>
        We’ll email you as soon as a seat opens for {child}.
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
