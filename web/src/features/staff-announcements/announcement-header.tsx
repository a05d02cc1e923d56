import { routes, type StaffAnnouncement } from '@lc/contract';
import { Alert, Anchor, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { plural } from './announcement-form';
import { formatInstant } from './format';
import { StatusBadge } from './status-badge';

/**
 * The announcement page's head: the way back to the list, the title with the status, and once it went out
 * (or was cancelled) what families received and what can still change.
 */
export function AnnouncementHeader({
  editing,
  loaded,
  cancelled,
}: {
  editing: boolean;
  loaded: StaffAnnouncement | undefined;
  cancelled: boolean;
}) {
  return (
    <div>
      <Anchor component={Link} to={routes.staffAnnouncements} size="sm">
        ← All announcements
      </Anchor>
      <Group gap="sm" mt="xs" wrap="wrap">
        <Title order={1}>{editing ? 'Edit announcement' : 'New announcement'}</Title>
        {loaded ? <StatusBadge announcement={loaded} /> : null}
      </Group>
      {loaded?.sentAt ? (
        <Alert mt="sm" variant="light" color="blue" title={`Sent ${formatInstant(loaded.sentAt)}`}>
          {plural(loaded.emailCount ?? 0, 'email', 'emails')} queued and{' '}
          {plural(loaded.smsCount ?? 0, 'text message', 'text messages')} sent.{' '}
          {cancelled
            ? 'It was then cancelled, so families no longer see it on the web.'
            : 'The email and text message cannot change any more; edits here change the web copy only.'}
        </Alert>
      ) : null}
      {cancelled && !loaded?.sentAt ? (
        <Alert mt="sm" variant="light" color="gray" title="Cancelled">
          It was cancelled before it went out: nobody received it.
        </Alert>
      ) : null}
    </div>
  );
}

/** Who wrote it, when it last changed, and when a scheduled one goes out. */
export function AnnouncementByline({ loaded, cancelled }: { loaded: StaffAnnouncement; cancelled: boolean }) {
  return (
    <Text size="sm" c="dimmed">
      Written by {loaded.createdBy ?? 'the center'} · last changed {formatInstant(loaded.updated)}
      {loaded.sendAt && !loaded.sentAt && !cancelled ? ` · goes out ${formatInstant(loaded.sendAt)}` : ''}
    </Text>
  );
}
