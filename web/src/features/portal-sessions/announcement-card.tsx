import { type Announcement, isRichText, routes } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title, type TitleOrder, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPortalDay } from './format.ts';

/** When an announcement went out: its start, or when it was written. */
function postedOn(announcement: Announcement): string {
  return announcement.startDate ?? announcement.dateCreated;
}

/** Important announcements (priority above 0) get a honey edge and a badge, so they stand out in a list. */
function highlight(announcement: Announcement) {
  return announcement.priority > 0 ? { borderLeft: '6px solid var(--mantine-color-honey-6)' } : undefined;
}

/** The card's own words are the visitor's language; the title, category and message stay as staff wrote them. */
function AnnouncementMeta({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const posted = postedOn(announcement);
  return (
    <Group gap="xs" wrap="wrap">
      {announcement.priority > 0 ? (
        <Badge color="honey.9" variant="filled" tt="none">
          {t('portal.announcement.important')}
        </Badge>
      ) : null}
      {announcement.category ? (
        <Badge color="gray" variant="default" tt="none">
          {announcement.category}
        </Badge>
      ) : null}
      <Text size="sm" component="time" dateTime={posted}>
        {formatPortalDay(posted)}
      </Text>
    </Group>
  );
}

/** The words of a rich-text message without its tags (for a two-line summary); blocks apart by a space. */
function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|li|h[2-4]|blockquote)>|<br\s*\/?>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The web message: rich text written in the staff editor is HTML the server sanitised with an allow-list
 * (server/src/lib/rich-text.ts, on write and again on read), shown as such; any other message is plain text,
 * shown as text (never HTML) with its line breaks kept.
 */
function WebMessage({ message }: { message: string }) {
  if (isRichText(message))
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server with an allow-list of simple tags.
    return <Typography dangerouslySetInnerHTML={{ __html: message }} />;
  return <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text>;
}

/** A whole announcement: title, category, date, and the web message. */
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
        {announcement.webMessage ? <WebMessage message={announcement.webMessage} /> : null}
      </Stack>
    </Card>
  );
}

/**
 * An announcement in brief for the dashboard: title (linking to its session's page when it belongs to a
 * session), the session, the date and the first lines of the message.
 */
export function AnnouncementSummary({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
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
          {announcement.classSession?.name ?? t('portal.announcement.forAllFamilies')}
        </Text>
        <AnnouncementMeta announcement={announcement} />
        {announcement.webMessage ? (
          <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
            {isRichText(announcement.webMessage)
              ? plainText(announcement.webMessage)
              : announcement.webMessage}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
