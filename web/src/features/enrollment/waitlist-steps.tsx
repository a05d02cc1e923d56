import { List, Text, Title } from '@mantine/core';

/**
 * How long a freed seat is saved for a waitlisted child (the server's WAITLIST_OFFER_HOURS default,
 * server/src/config.ts).
 */
export const WAITLIST_OFFER_HOURS = 48;

/** The waitlist in three plain steps (ARCHITECTURE.md "Waitlist"), for the waitlist and its success page. */
export function WaitlistSteps({
  headingId,
  title = 'How the waitlist works',
}: {
  headingId: string;
  title?: string;
}) {
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <List type="ordered" spacing="xs" mt="sm">
        <List.Item>
          <Text>
            <strong>First come, first served.</strong> Seats go to children in the order they joined the
            waitlist.
          </Text>
        </List.Item>
        <List.Item>
          <Text>
            <strong>When a seat opens, we email you</strong> and save it for your child for{' '}
            {WAITLIST_OFFER_HOURS} hours.
          </Text>
        </List.Item>
        <List.Item>
          <Text>
            <strong>You enroll and pay then.</strong> Joining the waitlist is free; if the saved seat isn’t
            taken in time, it goes to the next child in line.
          </Text>
        </List.Item>
      </List>
    </section>
  );
}
