import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhone,
  type InboxItem,
  InboxNoteInputSchema,
  InboxReplyInputSchema,
  type InboxStatus,
  type InboxUpdateInput,
  routes,
} from '@lc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  addInboxNote,
  getInboxItem,
  inviteInboxFamily,
  replyToInboxItem,
  updateInboxItem,
} from '../../api/staff-inbox';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors';
import classes from '../../features/staff/staff.module.css';
import {
  formatBirthday,
  formatWhen,
  InboxKindBadge,
  InboxStatusBadge,
  personName,
} from '../../features/staff-inbox/inbox-format';
import { usePageTitle } from '../../layout/use-page-title';
import NotFoundPage from '../public/not-found-page';

const NOBODY = 'none';
const BODY_FIELD = ['body'] as const;

/**
 * /staff/inbox/:id — one message (issue 10): what the family wrote and told us, the thread of staff notes
 * and replies, status and assignee, a reply mailed to the family, a note for the staff, and "Invite to
 * register" (a sign-up link with their name and email filled in). Unknown ids show the not-found page.
 */
export default function StaffInboxItemPage() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const item = useQuery({
    queryKey: ['staff', 'inbox', 'item', id],
    queryFn: ({ signal }) => getInboxItem(id, signal),
    retry: (count, error) => !(error instanceof ApiError && [403, 404].includes(error.status)) && count < 1,
  });
  usePageTitle(item.data ? `Inbox · ${item.data.familyName}` : 'Inbox');

  /** Show the item as the server answered it, and refresh the list and the navigation's count. */
  const settle = async (next: InboxItem) => {
    queryClient.setQueryData(['staff', 'inbox', 'item', id], next);
    await queryClient.invalidateQueries({
      queryKey: ['staff', 'inbox'],
      predicate: (q) => q.queryKey[2] !== 'item',
    });
  };

  const update = useMutation({
    mutationFn: (input: InboxUpdateInput) => updateInboxItem(id!, input),
    onSuccess: async (next, input) => {
      await settle(next);
      notifySuccess(
        input.status
          ? `Marked as ${input.status}.`
          : next.assignee
            ? `${personName(next.assignee)} now looks after this.`
            : 'Nobody is assigned now.',
      );
    },
    onError: (error) =>
      notifyError(
        error instanceof ApiError ? error.message : 'The change could not be saved. Please try again.',
      ),
  });

  const invite = useMutation({
    mutationFn: () => inviteInboxFamily(id!),
    onSuccess: async (next) => {
      await settle(next);
      notifySuccess(`We emailed ${next.firstName} a link to create their account.`);
    },
    onError: (error) =>
      notifyError(
        error instanceof ApiError ? error.message : 'The invitation could not be sent. Please try again.',
      ),
  });

  if (item.error instanceof ApiError && item.error.status === 404) return <NotFoundPage />;
  if (item.error instanceof ApiError && item.error.status === 403)
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
  const details: [string, ReactNode][] = [
    [
      'Email',
      <Anchor key="email" href={`mailto:${data.email}`}>
        {data.email}
      </Anchor>,
    ],
    [
      'Phone',
      data.phone ? (
        <Anchor key="phone" href={`tel:${data.phone}`}>
          {formatPhone(data.phone)}
        </Anchor>
      ) : (
        'Not given'
      ),
    ],
    [data.kind === 'tutoring' ? 'Student' : 'Child', data.childName ?? 'Not given'],
  ];
  if (data.childBirthdate) details.push(['Child’s birth date', formatBirthday(data.childBirthdate)]);
  if (data.grade) details.push(['Grade', data.grade === 'K' ? 'Kindergarten' : `Grade ${data.grade}`]);
  if (data.subjectMatter) details.push(['Subject', data.subjectMatter]);
  if (data.previousAttendance !== null)
    details.push(['Attended before', data.previousAttendance ? 'Yes' : 'No']);
  if (data.referred) details.push(['Heard about us', data.referred]);

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
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="message-heading">
              <Title order={2} fz="h4" id="message-heading" mb="xs">
                {data.kind === 'tour' ? 'Their tour request' : 'Their message'}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {data.message ?? 'They did not add a message.'}
              </Text>
            </Paper>

            <section aria-labelledby="thread-heading">
              <Title order={2} fz="h4" id="thread-heading" mb="xs">
                Notes and replies
              </Title>
              {data.entries.length === 0 ? (
                <Text c="dimmed">Nothing yet. Replies you send and notes you add appear here.</Text>
              ) : (
                <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                  {data.entries.map((entry) => (
                    <Paper
                      component="li"
                      key={entry.id}
                      withBorder
                      radius="md"
                      p="sm"
                      bg={entry.kind === 'Note' ? 'var(--mantine-color-default-hover)' : undefined}
                    >
                      <Text size="sm" fw={600}>
                        {entry.kind === 'Reply' ? 'Emailed to the family' : 'Staff note'}
                        {entry.author ? ` by ${personName(entry.author)}` : ''}
                      </Text>
                      <Text size="xs" c="dimmed" mb={4}>
                        {formatWhen(entry.created)}
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {entry.body}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              )}
            </section>

            <ReplyForm item={data} onSent={settle} />
            <NoteForm item={data} onAdded={settle} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="family-heading">
              <Title order={2} fz="h4" id="family-heading" mb="xs">
                The family
              </Title>
              <Stack component="dl" gap={6} m={0}>
                {details.map(([label, value]) => (
                  <div key={label}>
                    <Text component="dt" size="xs" c="dimmed" fw={600}>
                      {label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="handling-heading">
              <Title order={2} fz="h4" id="handling-heading" mb="xs">
                Where we are
              </Title>
              <Stack gap="sm">
                <Select
                  label="Status"
                  value={data.status}
                  data={data.statuses}
                  allowDeselect={false}
                  disabled={update.isPending}
                  onChange={(status) =>
                    status && status !== data.status
                      ? update.mutate({ status: status as InboxStatus })
                      : undefined
                  }
                />
                <Select
                  label="Assigned to"
                  value={data.assignee?.id ?? NOBODY}
                  data={[
                    { value: NOBODY, label: 'Nobody yet' },
                    ...data.assignees.map((m) => ({ value: m.id, label: personName(m) })),
                  ]}
                  allowDeselect={false}
                  disabled={update.isPending}
                  onChange={(value) => {
                    const assigneeId = value === NOBODY ? null : value;
                    if (value && assigneeId !== (data.assignee?.id ?? null)) update.mutate({ assigneeId });
                  }}
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invite-heading">
              <Title order={2} fz="h4" id="invite-heading" mb="xs">
                Invite to register
              </Title>
              {data.hasAccount ? (
                <Text size="sm">
                  {data.email} already has a Student Portal account, so the family can log in and enroll.
                </Text>
              ) : (
                <>
                  <Text size="sm" mb="sm">
                    Email {data.firstName} a link to create their account with their name and email already
                    filled in.
                  </Text>
                  <Button variant="default" loading={invite.isPending} onClick={() => invite.mutate()}>
                    Invite to register
                  </Button>
                </>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The reply mailed to the family; on success a notice says where it went, and the form empties. */
function ReplyForm({ item, onSent }: { item: InboxItem; onSent: (next: InboxItem) => Promise<void> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ body: string }>({
    resolver: zodResolver(InboxReplyInputSchema),
    defaultValues: { body: '' },
  });
  const showFieldErrors = useServerFieldErrors(setError, BODY_FIELD);

  const onSubmit = async ({ body }: { body: string }) => {
    setSentTo(null);
    try {
      const next = await replyToInboxItem(item.id, body);
      reset();
      setSentTo(item.email);
      notifySuccess(`Your reply is on its way to ${item.email}.`);
      await onSent(next);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('Your reply could not be sent. Please try again.');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reply-heading">
      <Title order={2} fz="h4" id="reply-heading" mb="xs">
        Reply by email
      </Title>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="reply-heading">
        <Stack gap="sm">
          <Textarea
            label={`Your reply to ${item.firstName}`}
            description={
              item.language === 'es'
                ? `They wrote from the Spanish site, so we email it to ${item.email} with the greeting and the signature in Spanish: write your reply in Spanish if you can. When they answer, it comes to the center’s email.`
                : `We email it to ${item.email}, greeting them by name and signed with yours. When they answer, it comes to the center’s email.`
            }
            autosize
            minRows={5}
            maxRows={16}
            required
            error={errors.body?.message}
            {...register('body')}
          />
          {sentTo ? (
            <Alert color="green" variant="light" role="status" title="Reply sent">
              Your reply is on its way to {sentTo}.
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Send reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A note for the staff only (never mailed). */
function NoteForm({ item, onAdded }: { item: InboxItem; onAdded: (next: InboxItem) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ body: string }>({ resolver: zodResolver(InboxNoteInputSchema), defaultValues: { body: '' } });
  const showFieldErrors = useServerFieldErrors(setError, BODY_FIELD);

  const onSubmit = async ({ body }: { body: string }) => {
    try {
      const next = await addInboxNote(item.id, body);
      reset();
      notifySuccess('Your note was added.');
      await onAdded(next);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('Your note could not be saved. Please try again.');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="note-heading">
      <Title order={2} fz="h4" id="note-heading" mb="xs">
        Add a note
      </Title>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="note-heading">
        <Stack gap="sm">
          <Textarea
            label="Note for the staff"
            description="Only the staff see notes; the family never does."
            autosize
            minRows={2}
            maxRows={10}
            required
            error={errors.body?.message}
            {...register('body')}
          />
          <Group>
            <Button type="submit" variant="default" loading={isSubmitting}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
