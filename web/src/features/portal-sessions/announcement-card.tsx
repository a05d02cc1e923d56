import { type Announcement, routes } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay } from '../class-sessions/format.ts';

/** When an announcement went out: its start, or when it was written. */
function postedOn(announcement: Announcement): string {
  return announcement.startDate ?? announcement.dateCreated;
}

/** Important announcements (priority above 0) get a honey edge and a badge, so they stand out in a list. */
function highlight(announcement: Announcement) {
  return announcement.priority > 0 ? { borderLeft: '6px solid var(--mantine-color-honey-6)' } : undefined;
}

function AnnouncementMeta({ announcement }: { announcement: Announcement }) {
  const posted = postedOn(announcement);
  return (
    <Group gap="xs" wrap="wrap">
      {announcement.priority > 0 ? (
        <Badge color="honey.9" variant="filled" tt="none">
          Important
        </Badge>
      ) : null}
      {announcement.category ? (
        <Badge color="gray" variant="default" tt="none">
          {announcement.category}
        </Badge>
      ) : null}
      <Text size="sm" component="time" dateTime={posted}>
        {formatDay(posted)}
      </Text>
    </Group>
  );
}

/**
 * A whole announcement: title, category, date, and the web message as plain text. The message is staff
 * text, shown as text (never HTML); its line breaks are kept.
 */
export function AnnouncementCard({
  announcement,
  headingOrder = 3,
}: {
  announcement: Announcement;
  headingOrder?: TitleOrder;
}) {
  return (
    <Card component="li" withBorder radius="md" padding="lg" style={highlight(announcement)}>
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {announcement.title}
        </Title>
        <AnnouncementMeta announcement={announcement} />
        {announcement.webMessage ? (
          <Text style={{ whiteSpace: 'pre-line' }}>{announcement.webMessage}</Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * An announcement in brief for the dashboard: title (linking to its session's page when it belongs to a
 * session), the session, the date and the first lines of the message.
 */
export function AnnouncementSummary({ announcement }: { announcement: Announcement }) {
  const sessionId = announcement.classSessionId;
  return (
    <Card component="li" withBorder radius="md" padding="md" style={highlight(announcement)}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {sessionId !== null ? (
            <Anchor component={Link} to={routes.mySession(sessionId)} inherit>
              {announcement.title}
            </Anchor>
          ) : (
            announcement.title
          )}
        </Title>
        <Text size="sm" fw={600}>
          {announcement.classSession?.name ?? 'For all families'}
        </Text>
        <AnnouncementMeta announcement={announcement} />
        {announcement.webMessage ? (
          <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
            {announcement.webMessage}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
