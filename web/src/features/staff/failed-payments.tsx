/**
 * "Failed automatic payments" on the director's Balances page (issue 23): each instalment still owing whose
 * latest automatic payment was declined (with why, and the date of the next try or that none is left) or waits
 * for the family to confirm it with their bank, newest first, with what is still owed; the family's name
 * links to their page, where the office can record a payment or call them.
 */
import { type FailedPayment, formatCents, methodName, routes } from '@lc/contract';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getFailedPayments } from '../../api/staff-money';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const REASONS: Record<string, string> = {
  insufficient_funds: 'Insufficient funds',
  expired_card: 'Card expired',
  card_declined: 'Declined by the bank',
  authentication_required: 'Needs the family to confirm it',
  account_closed: 'Bank account closed',
};

/** What happens next for a failed payment, in the office's words. */
function nextStep(item: FailedPayment): string {
  if (item.status === 'action_required') return 'The family was sent a link to pay it themselves';
  return item.nextTryOn
    ? `Tried again on ${shortDate(item.nextTryOn)}`
    : 'No more tries: the family was told';
}

/** The table's columns: the family (a link to its page), the instalment, what is still owed, the tries, why, next. */
const COLUMNS: ReadonlyArray<StaffColumn<FailedPayment>> = [
  {
    id: 'family',
    header: 'Family',
    cell: (item) => (
      <Anchor component={Link} to={routes.staffFamily(item.payerUserId)}>
        {item.familyName}
      </Anchor>
    ),
  },
  {
    id: 'instalment',
    header: 'Instalment',
    cell: (item) =>
      `${shortDate(item.dueOn)}: ${item.childName ? `${item.childName}, ` : ''}${item.sessionName}`,
  },
  { id: 'owing', header: 'Still owed', numeric: true, cell: (item) => formatCents(item.owing) },
  { id: 'tried', header: 'Tried', cell: (item) => `${item.attempt} of 4 · ${methodName(item.method)}` },
  { id: 'why', header: 'Why', cell: (item) => REASONS[item.failureCode ?? ''] ?? 'Declined by the bank' },
  { id: 'next', header: 'Next', cell: nextStep },
];

/** The section; says so when nothing failed. */
export function FailedPayments() {
  const list = useQuery({
    queryKey: staffKeys.failedPayments(),
    queryFn: ({ signal }) => getFailedPayments(signal),
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="failed-payments-heading">
      <Title order={2} size="h3" id="failed-payments-heading">
        Failed automatic payments
      </Title>
      {list.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the failed payments">
          Please check your connection and try again.
        </Alert>
      ) : null}
      {list.isPending ? <Text role="status">Loading the failed payments…</Text> : null}
      {list.data ? (
        <>
          {list.data.items.length > 0 ? (
            <Text size="sm" id="failed-payments-count">
              {list.data.items.length} {list.data.items.length === 1 ? 'instalment' : 'instalments'},{' '}
              {formatCents(list.data.total)} still owed, newest first. Each family was emailed when its
              payment failed.
            </Text>
          ) : null}
          <StaffTable
            label="Instalments whose automatic payment failed"
            rows={list.data.items}
            rowId={(item) => item.id}
            columns={COLUMNS}
            describedBy="failed-payments-count"
            empty="No automatic payment has failed: every instalment on autopay went through."
          />
        </>
      ) : null}
    </Stack>
  );
}
