import { formatAgeMonths, formatPhone, type Roster, type RosterAdult } from '@lc/contract';
import { Button, Group, List, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { actOnWaitlist } from '../../api/staff-money';
import { failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';
import classes from '../staff/staff.module.css';

/** "Name, phone; Name" for a child's parents or adults. */
const adults = (people: RosterAdult[]) =>
  people.map((p) => `${p.name}${p.phone ? `, ${formatPhone(p.phone)}` : ''}`).join('; ');

/** "Seats on hold": the children whose families are paying now, shown only when there are any. */
export function PendingSection({ pending }: { pending: Roster['pending'] }) {
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-heading">
      <Title order={2} fz="h3" id="pending-heading" mb="xs">
        Seats on hold
      </Title>
      <Text size="sm" mb="xs">
        These families are paying now; the seat is theirs until the hold ends.
      </Text>
      <List>
        {pending.map((child) => (
          <List.Item key={child.studentId}>
            {child.firstName} {child.lastName} ({formatAgeMonths(child.ageMonthsAtStart)}) —{' '}
            {adults(child.parents)}
          </List.Item>
        ))}
      </List>
    </section>
  );
}

/**
 * "Waitlist": the line in order, each child offered a seat or their number; the director can offer a seat
 * now, skip a child to the end of the line, or remove them (the family is emailed).
 */
export function WaitlistSection({
  classSessionId,
  waitlist,
  isDirector,
}: {
  classSessionId: number;
  waitlist: Roster['waitlist'];
  isDirector: boolean;
}) {
  const queryClient = useQueryClient();
  const waitlistAction = useMutation({
    mutationFn: (args: { studentId: string; name: string; action: 'offer' | 'skip' | 'remove' }) =>
      actOnWaitlist(classSessionId, args.studentId, args.action),
    onSuccess: async (_done, { name, action }) => {
      notifySuccess(
        action === 'offer'
          ? `${name} has been offered the seat; the family has been emailed.`
          : action === 'skip'
            ? `${name} keeps waiting, now at the end of the line.`
            : `${name} is off the waitlist; the family has been emailed.`,
      );
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => notifyError(failureMessage(error, 'That did not work. Please try again.')),
  });
  return (
    <section aria-labelledby="waitlist-heading">
      <Title order={2} fz="h3" id="waitlist-heading" mb="xs">
        Waitlist
      </Title>
      {waitlist.length === 0 ? (
        <Text>No one is waiting for a seat.</Text>
      ) : (
        <List type="ordered">
          {waitlist.map((entry) => {
            const name = `${entry.firstName} ${entry.lastName}`;
            const act = (action: 'offer' | 'skip' | 'remove') =>
              waitlistAction.mutate({ studentId: entry.studentId, name, action });
            return (
              <List.Item key={entry.studentId}>
                {name} ({formatAgeMonths(entry.ageMonthsAtStart)}) —{' '}
                {entry.status === 'Offered' ? 'offered a seat' : `number ${entry.position} in line`} —{' '}
                {adults(entry.parents)}
                {isDirector ? (
                  <Group gap="xs" mt={4} className={classes.noPrint}>
                    {entry.status === 'Waiting' ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => act('offer')}
                        aria-label={`Offer ${name} a seat now`}
                        disabled={waitlistAction.isPending}
                      >
                        Offer a seat now
                      </Button>
                    ) : null}
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => act('skip')}
                      aria-label={`Skip ${name} (keeps waiting at the end of the line)`}
                      disabled={waitlistAction.isPending}
                    >
                      Skip
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => act('remove')}
                      aria-label={`Remove ${name} from the waitlist`}
                      disabled={waitlistAction.isPending}
                    >
                      Remove
                    </Button>
                  </Group>
                ) : null}
              </List.Item>
            );
          })}
        </List>
      )}
    </section>
  );
}
