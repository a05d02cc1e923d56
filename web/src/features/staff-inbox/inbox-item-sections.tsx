/**
 * The side of one inbox message (issue 10): who the family is, where the message stands (status and
 * assignee), and "Invite to register" (a sign-up link with their name and email filled in).
 */
import { formatPhone, type InboxItem, type InboxStatus, type InboxUpdateInput } from '@lc/contract';
import { Anchor, Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { inviteInboxFamily, updateInboxItem } from '../../api/staff-inbox';
import { failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';
import { formatBirthday, personName } from './inbox-format';

const NOBODY = 'none';

/** "The family": email and phone (links), the child or student, and what else they told us. */
export function FamilyDetails({ data }: { data: InboxItem }) {
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
  );
}

/** A section that changes the item: its id as the page's address has it, the item, and `settle` for its answer. */
type ItemSectionProps = {
  itemId: string;
  data: InboxItem;
  settle: (next: InboxItem) => Promise<void>;
};

/** "Where we are": the status and who looks after it; a change is saved at once, then `settle`d. */
export function HandlingSection({ itemId, data, settle }: ItemSectionProps) {
  const update = useMutation({
    mutationFn: (input: InboxUpdateInput) => updateInboxItem(itemId, input),
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
      notifyError(failureMessage(error, 'The change could not be saved. Please try again.')),
  });
  return (
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
            status && status !== data.status ? update.mutate({ status: status as InboxStatus }) : undefined
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
  );
}

/** "Invite to register", or that the family already has an account. */
export function InviteSection({ itemId, data, settle }: ItemSectionProps) {
  const invite = useMutation({
    mutationFn: () => inviteInboxFamily(itemId),
    onSuccess: async (next) => {
      await settle(next);
      notifySuccess(`We emailed ${next.firstName} a link to create their account.`);
    },
    onError: (error) =>
      notifyError(failureMessage(error, 'The invitation could not be sent. Please try again.')),
  });
  return (
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
            Email {data.firstName} a link to create their account with their name and email already filled in.
          </Text>
          <Button variant="default" loading={invite.isPending} onClick={() => invite.mutate()}>
            Invite to register
          </Button>
        </>
      )}
    </Paper>
  );
}
