import {
  type ANNOUNCEMENT_STATUSES,
  routes,
  type StaffAnnouncement,
  StaffAnnouncementListQuerySchema,
} from '@lc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getStaffSessions } from '../../api/staff';
import { getStaffAnnouncements } from '../../api/staff-announcements';
import { ListPagination } from '../../features/staff/list-pagination';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import own from '../../features/staff-announcements/announcements.module.css';
import { formatInstant } from '../../features/staff-announcements/format';
import { StatusBadge } from '../../features/staff-announcements/status-badge';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sent', label: 'Sent' },
  { value: 'cancelled', label: 'Cancelled' },
] satisfies Array<{ value: 'all' | (typeof ANNOUNCEMENT_STATUSES)[number]; label: string }>;

const emptyMessages: Record<string, string> = {
  all: 'No announcements yet. Write the first one to tell families what is coming up.',
  scheduled: 'Nothing is waiting to go out.',
  sent: 'Nothing has been sent yet.',
  cancelled: 'Nothing has been cancelled.',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** When it goes or went out, in words on the center's clock. */
function whenLine(a: StaffAnnouncement): string {
  if (a.status === 'scheduled') return `Goes out ${formatInstant(a.sendAt!)}`;
  if (a.sentAt) {
    const sent = `Sent ${formatInstant(a.sentAt)} · ${plural(a.emailCount ?? 0, 'email', 'emails')} · ${plural(a.smsCount ?? 0, 'text', 'texts')}`;
    return a.status === 'cancelled' ? `${sent} · taken off the web ${formatInstant(a.cancelledAt!)}` : sent;
  }
  return `Cancelled ${formatInstant(a.cancelledAt!)} before it went out`;
}

/** /staff/announcements — what was sent, what is scheduled and what was cancelled (issue 10). */
export default function StaffAnnouncementsPage() {
  usePageTitle('Staff · Announcements');
  const { query, update } = useUrlQuery(StaffAnnouncementListQuerySchema, { blank: 'all' });
  const isDirector = currentRole() === 'Admin';
  const narrow = useMediaQuery('(max-width: 36em)');
  const list = useQuery({
    queryKey: ['staff', 'announcements', 'list', query],
    queryFn: ({ signal }) => getStaffAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', 'announcement-choices'],
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'active', sort: 'start', dir: 'asc', page: 1, pageSize: 100 }, signal),
  });

  const sessionOptions = (sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (query.session !== undefined && !sessionOptions.some((o) => o.value === String(query.session)))
    sessionOptions.push({ value: String(query.session), label: `Session ${query.session}` });
  const status = query.status ?? 'all';

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Announcements</Title>
          <Text c="dimmed">
            {isDirector
              ? 'Messages to the families of any session, or the whole center: now or scheduled.'
              : 'Messages to the families of the sessions you teach: now or scheduled.'}
          </Text>
        </div>
        <Button component={Link} to={routes.staffAnnouncementNew}>
          New announcement
        </Button>
      </Group>

      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="status-label">
            Show
          </Text>
          <SegmentedControl
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            aria-labelledby="status-label"
            value={status}
            onChange={(value) => update({ status: value })}
            data={statusChoices}
          />
        </Stack>
        <Select
          label="Session"
          placeholder="All sessions"
          value={query.session === undefined ? null : String(query.session)}
          onChange={(value) => update({ session: value ?? undefined })}
          data={sessionOptions}
          clearable
          w={260}
          maw="100%"
        />
      </Group>

      <section aria-labelledby="list-heading" aria-busy={list.isFetching}>
        <Title order={2} fz="h4" id="list-heading" mb="sm">
          {list.data ? plural(list.data.total, 'announcement', 'announcements') : 'Announcements'}
        </Title>
        {list.isPending ? <Text role="status">Loading announcements…</Text> : null}
        {list.isError ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the announcements. Please check your connection and try again.
          </Alert>
        ) : null}
        {list.data && list.data.items.length === 0 ? <Text>{emptyMessages[status]}</Text> : null}
        {list.data && list.data.items.length > 0 ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.items.map((a) => (
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
                    {[
                      a.showOnWeb ? 'Web' : null,
                      a.sendEmail ? 'Email' : null,
                      a.sendSMS ? 'Text message' : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    {a.createdBy ? ` — by ${a.createdBy}` : ''}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {list.data ? (
          <ListPagination
            mt="md"
            total={list.data.total}
            pageSize={list.data.pageSize}
            page={query.page}
            onChange={(page) => update({ page })}
          />
        ) : null}
      </section>
    </Stack>
  );
}
