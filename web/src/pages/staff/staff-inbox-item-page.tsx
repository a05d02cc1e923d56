import { type InboxItem, routes } from '@lc/contract';
import { Alert, Anchor, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { partialMatchKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getInboxItem } from '../../api/staff-inbox';
import { failedWith } from '../../features/forms/feedback';
import classes from '../../features/staff/staff.module.css';
import { formatWhen } from '../../features/staff/staff-format';
import { InboxKindBadge, InboxStatusBadge } from '../../features/staff-inbox/inbox-format';
import {
  FamilyDetails,
  HandlingSection,
  InviteSection,
} from '../../features/staff-inbox/inbox-item-sections';
import { MessageSection, NoteForm, ReplyForm, ThreadSection } from '../../features/staff-inbox/inbox-thread';
import { TourSection } from '../../features/staff-inbox/inbox-tour';
import { usePageTitle } from '../../layout/use-page-title';
import NotFoundPage from '../public/not-found-page';

/**
 * /staff/inbox/:id — one message (issue 10): what the family wrote and told us, the thread of staff notes
 * and replies, status and assignee, a reply mailed to the family, a note for the staff, and "Invite to
 * register" (a sign-up link with their name and email filled in); a tour request's booked time (decision 028).
 * Unknown ids show the not-found page.
 */
export default function StaffInboxItemPage() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const item = useQuery({
    queryKey: staffKeys.inboxItem(id),
    queryFn: ({ signal }) => getInboxItem(id, signal),
    retry: (count, error) => !failedWith(error, 403, 404) && count < 1,
  });
  usePageTitle(item.data ? `Inbox · ${item.data.familyName}` : 'Inbox');

  /** Show the item as the server answered it, and refresh the list and the navigation's count. */
  const settle = async (next: InboxItem) => {
    queryClient.setQueryData(staffKeys.inboxItem(id), next);
    await queryClient.invalidateQueries({
      queryKey: staffKeys.inbox(),
      predicate: (q) => !partialMatchKey(q.queryKey, staffKeys.inboxItems()),
    });
  };

  if (failedWith(item.error, 404)) return <NotFoundPage />;
  if (failedWith(item.error, 403))
    return (
      <Alert mt="lg" color="yellow" variant="light" title="The inbox is not open to you yet">
        Your center’s director can give you the inbox from the Team page.
      </Alert>
    );
  if (item.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this message">
        Please check your connection and try again.
      </Alert>
    );
  if (!item.data)
    return (
      <Text role="status" mt="lg">
        Loading the message…
      </Text>
    );

  const data = item.data;

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Anchor component={Link} to={routes.staffInbox} size="sm">
        ← Back to the inbox
      </Anchor>
      <div>
        <Title order={1}>{data.familyName}</Title>
        <Group gap="xs" mt={6}>
          <InboxKindBadge kind={data.kind} />
          <InboxStatusBadge status={data.status} />
          {data.language === 'es' ? (
            <Badge color="gray" variant="default" tt="none" radius="sm" lang="en">
              Wrote in Spanish
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            Received {formatWhen(data.submitted)}
          </Text>
        </Group>
      </div>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }} className={classes.page}>
          <Stack gap="lg">
            <MessageSection data={data} />

            <ThreadSection data={data} />

            <ReplyForm item={data} onSent={settle} />
            <NoteForm item={data} onAdded={settle} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <TourSection data={data} />

            <FamilyDetails data={data} />

            <HandlingSection itemId={id!} data={data} settle={settle} />

            <InviteSection itemId={id!} data={data} settle={settle} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
