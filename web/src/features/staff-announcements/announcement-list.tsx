import { routes, type StaffAnnouncement } from '@lc/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { plural } from './announcement-form';
import own from './announcements.module.css';
import { formatInstant } from './format';
import { StatusBadge } from './status-badge';

/** When it goes or went out, in words on the center's clock. */
function whenLine(a: StaffAnnouncement): string {
  if (a.status === 'scheduled') return `Goes out ${formatInstant(a.sendAt!)}`;
  if (a.sentAt) {
    const sent = `Sent ${formatInstant(a.sentAt)} · ${plural(a.emailCount ?? 0, 'email', 'emails')} · ${plural(a.smsCount ?? 0, 'text', 'texts')}`;
    return a.status === 'cancelled' ? `${sent} · taken off the web ${formatInstant(a.cancelledAt!)}` : sent;
  }
  return `Cancelled ${formatInstant(a.cancelledAt!)} before it went out`;
}

/**
 * The announcements as cards: status, Important, category, the title (a link to it), who it is for, when it
 * goes or went out, and its channels and author.
 */
export function AnnouncementList({ items }: { items: StaffAnnouncement[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((a) => (
        <Paper key={a.id} component="li" withBorder radius="md" p="md" className={own.item}>
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <StatusBadge announcement={a} />
              {a.priority > 0 ? (
                <Badge color="honey.9" variant="filled" tt="none" radius="sm">
                  Important
                </Badge>
              ) : null}
              {a.category ? (
                <Badge color="gray" variant="default" tt="none" radius="sm">
                  {a.category}
                </Badge>
              ) : null}
            </Group>
            <Title order={3} fz="h5" className={own.title}>
              <Anchor component={Link} to={routes.staffAnnouncement(a.id)} inherit>
                {a.title}
              </Anchor>
            </Title>
            <Text size="sm" fw={600}>
              {a.sessionName ?? 'Every family at the center'}
            </Text>
            <Text size="sm">{whenLine(a)}</Text>
            <Text size="sm" c="dimmed">
              {[a.showOnWeb ? 'Web' : null, a.sendEmail ? 'Email' : null, a.sendSMS ? 'Text message' : null]
                .filter(Boolean)
                .join(' · ')}
              {a.createdBy ? ` — by ${a.createdBy}` : ''}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
