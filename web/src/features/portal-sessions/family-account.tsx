/**
 * The family's account on Billing (issue 23, decision 022): the balance and what is due next, each child's
 * sessions with what was charged and paid, and the statement (every ledger entry, oldest first, with the
 * running balance). Everything shown comes from `GET /api/Billing/Account`, so it agrees with the office's
 * roster to the cent. Wide screens get tables; phones get one card per line.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { centsToDollarsInput, dollarsToCents, type FamilyAccount, type StatementEntry } from '@lc/contract';
import { Badge, Box, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { payBalance } from '../../api/enrollment';
import { formatMoney } from '../../i18n/intl-locale';
import { TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { formatPortalDay } from './format';

// Filled, dark shades only, as the payment badges (status-badges.tsx): white text passes 4.5:1 in both themes.
const STATUS_COLOR: Record<FamilyAccount['status'], string> = {
  paid: 'oak.8',
  partlyPaid: 'honey.9',
  due: 'blue.8',
  overdue: 'red.8',
  refunded: 'gray.7',
  credit: 'blue.8',
  noCharge: 'gray.7',
};

type ColumnKey =
  | 'date'
  | 'description'
  | 'amount'
  | 'balance'
  | 'child'
  | 'session'
  | 'charged'
  | 'paid'
  | 'status';

/** A signed amount: "−$100.00" for money in, "$455.00" for a charge. */
const signed = (cents: number) => (cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(cents));

/**
 * The account: summary, places and statement. `office`: the director's family page (issue 23), inside its own
 * "Account" section: headings a level down, and none of the family's "how to pay" lines.
 */
export function FamilyAccountSection({
  account,
  today,
  office = false,
}: {
  account: FamilyAccount;
  today: string;
  office?: boolean;
}) {
  const { t } = useTranslation();
  if (account.entries.length === 0) return null;
  return (
    <Stack gap="lg">
      <AccountSummary account={account} today={today} office={office} />
      <Places account={account} />
      <Schedules account={account} today={today} office={office} />
      <section aria-labelledby="statement-heading">
        <Title order={office ? 3 : 2} size="h3" id="statement-heading" mb="xs">
          {t('portal.billing.account.statementHeading')}
        </Title>
        <Statement entries={account.entries} />
      </section>
    </Stack>
  );
}

function AccountSummary({
  account,
  today,
  office,
}: {
  account: FamilyAccount;
  today: string;
  office: boolean;
}) {
  const { t } = useTranslation();
  const next = account.nextDue;
  const date = next?.dueOn ? formatPortalDay(next.dueOn, { withYear: true }) : null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="account-heading">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={office ? 3 : 2} size="h3" id="account-heading">
          {office ? t('portal.billing.account.officeHeading') : t('portal.billing.account.heading')}
        </Title>
        <Badge color={STATUS_COLOR[account.status]} variant="filled" size="lg" tt="none">
          {t(`portal.billing.account.status.${account.status}`)}
        </Badge>
      </Group>
      <Text size="lg" mt="xs">
        {account.balance > 0 ? (
          <Trans
            i18nKey="portal.billing.account.balanceDue"
            values={{ amount: formatMoney(account.balance) }}
            components={{ strong: <strong /> }}
          />
        ) : account.balance < 0 ? (
          <Trans
            i18nKey="portal.billing.account.credit"
            values={{ amount: formatMoney(-account.balance) }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t('portal.billing.account.settled')
        )}
      </Text>
      {next ? (
        <Text
          mt={4}
          fw={500}
          // Mantine's red for text, a shade per colour scheme that reads 4.5:1 on the card in both.
          style={next.dueOn && next.dueOn < today ? { color: 'var(--mantine-color-red-text)' } : undefined}
        >
          {next.dueOn && next.dueOn < today
            ? t('portal.billing.account.overdue', {
                amount: formatMoney(next.amount),
                session: next.sessionName,
                date,
              })
            : date
              ? t('portal.billing.account.nextDue', {
                  amount: formatMoney(next.amount),
                  session: next.sessionName,
                  date,
                })
              : t('portal.billing.account.nextDueUndated', {
                  amount: formatMoney(next.amount),
                  session: next.sessionName,
                })}
        </Text>
      ) : null}
      {account.balance > 0 && !office ? (
        <>
          <Text size="sm" mt="xs">
            {t('portal.billing.account.howToPay')}
          </Text>
          <PayNow balance={account.balance} />
        </>
      ) : null}
      {account.balance < 0 && !office ? (
        <Text size="sm" mt="xs">
          {t('portal.billing.account.creditNote')}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * "Pay now" (issue 23): any amount from $1.00 up to the balance, typed in dollars; the browser then goes to
 * the card checkout, which comes back to Billing. A refused amount is told by the field, with focus.
 */
function PayNow({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        amount: z
          .string()
          .trim()
          .refine((v) => dollarsToCents(v) !== null, t('portal.billing.account.payNowFormat'))
          .refine((v) => (dollarsToCents(v) ?? 0) >= 100, t('portal.billing.account.payNowMin'))
          .refine(
            (v) => (dollarsToCents(v) ?? 0) <= balance,
            t('portal.billing.account.payNowMax', { amount: formatMoney(balance) }),
          ),
      }),
    [balance, t],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: centsToDollarsInput(balance) },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => payBalance(dollarsToCents(values.amount)!),
    fields: ['amount'],
    onSuccess: (result) => {
      window.location.assign(result.checkoutUrl);
    },
    alert: () => {
      notifyError(t('portal.billing.account.payNowFailed'));
      return null;
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('portal.billing.account.payNow')}>
      <Group align="flex-end" mt="md" gap="sm" wrap="wrap">
        <TextField
          form={form}
          name="amount"
          label={t('portal.billing.account.payNowLabel')}
          description={t('portal.billing.account.payNowDescription')}
          inputMode="decimal"
          required
          maw={320}
        />
        <Button type="submit" loading={submitting} disabled={submitting}>
          {t('portal.billing.account.payNow')}
        </Button>
      </Group>
    </form>
  );
}

function Places({ account }: { account: FamilyAccount }) {
  const { t } = useTranslation();
  const c = (key: ColumnKey) => t(`portal.billing.account.columns.${key}`);
  return (
    <Box>
      <Table verticalSpacing="xs" visibleFrom="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text fw={600} span>
            {t('portal.billing.account.placesCaption')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{c('child')}</Table.Th>
            <Table.Th scope="col">{c('session')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {c('charged')}
            </Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {c('paid')}
            </Table.Th>
            <Table.Th scope="col">{c('status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {account.places.map((p) => (
            <Table.Tr key={`${p.classSessionId}:${p.studentId}`}>
              <Table.Th scope="row" fw={600}>
                {p.childName ?? '—'}
              </Table.Th>
              <Table.Td>{p.sessionName}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatMoney(p.charged)}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(p.paid)}</Table.Td>
              <Table.Td>
                <PlaceStatus status={p.status} balance={p.balance} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {account.places.map((p) => (
          <Card key={`${p.classSessionId}:${p.studentId}`} component="li" withBorder radius="md" padding="sm">
            <Text fw={600}>
              {p.childName ?? '—'} · {p.sessionName}
            </Text>
            <Text size="sm">
              {c('charged')} {formatMoney(p.charged)} · {c('paid')} {formatMoney(p.paid)}
            </Text>
            <PlaceStatus status={p.status} balance={p.balance} />
          </Card>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Each place paid in instalments (a payment plan, issue 23): its dates, amounts and what is still owed on
 * each (payments pay the earliest date first), from the account's `schedule`. Nothing for a place due at once.
 */
function Schedules({ account, today, office }: { account: FamilyAccount; today: string; office: boolean }) {
  const { t } = useTranslation();
  const planned = account.places.filter((p) => p.schedule.length > 1 && p.balance >= 0);
  if (planned.length === 0) return null;
  const a = (key: string) => t(`portal.billing.account.${key}` as 'portal.billing.account.scheduleDate');
  const rowStatus = (line: FamilyAccount['places'][number]['schedule'][number]) =>
    line.owing === 0
      ? a('rowPaid')
      : line.dueOn < today
        ? t('portal.billing.account.rowOverdue', { amount: formatMoney(line.owing) })
        : line.owing < line.amount
          ? t('portal.billing.account.rowLeft', { amount: formatMoney(line.owing) })
          : a('rowDue');
  return (
    <section aria-labelledby="schedule-heading">
      <Title order={office ? 3 : 2} size="h3" id="schedule-heading" mb="xs">
        {a('scheduleHeading')}
      </Title>
      <Stack gap="md">
        {planned.map((p) => (
          <Table key={`${p.classSessionId}:${p.studentId}`} verticalSpacing="xs">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text fw={600} span>
                {t('portal.billing.account.scheduleCaption', {
                  child: p.childName ?? '—',
                  session: p.sessionName,
                })}
              </Text>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{a('scheduleDate')}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {a('scheduleAmount')}
                </Table.Th>
                <Table.Th scope="col">{a('scheduleStatus')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.schedule.map((line) => (
                <Table.Tr key={line.dueOn}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatPortalDay(line.dueOn, { withYear: true })}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {formatMoney(line.amount)}
                  </Table.Td>
                  <Table.Td
                    style={
                      line.owing > 0 && line.dueOn < today
                        ? { color: 'var(--mantine-color-red-text)' }
                        : undefined
                    }
                  >
                    {rowStatus(line)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      </Stack>
    </section>
  );
}

function PlaceStatus({ status, balance }: { status: FamilyAccount['status']; balance: number }) {
  const { t } = useTranslation();
  const label = t(`portal.billing.account.status.${status}`);
  const amount =
    balance > 0 ? ` · ${formatMoney(balance)}` : balance < 0 ? ` · ${formatMoney(-balance)}` : '';
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" tt="none" radius="sm">
      {label}
      {amount}
    </Badge>
  );
}

/** One line's words: "Payment by check (Check #1042)", "Charge", with the child and session beside it. */
function useDescribe() {
  const { t } = useTranslation();
  return (e: StatementEntry) => {
    const kind = t(`portal.billing.account.kind.${e.kind}`);
    const method =
      e.method && e.method !== 'other'
        ? ` ${t('portal.billing.account.byMethod', { method: t(`portal.billing.account.method.${e.method}`) })}`
        : '';
    const reference = e.reference ? ` (${e.reference})` : '';
    // A charge that falls due later than it was posted (a plan's instalment) says when.
    const due =
      e.dueOn && e.dueOn > e.created.slice(0, 10)
        ? ` · ${t('portal.billing.account.dueOnDate', { date: formatPortalDay(e.dueOn, { withYear: true }) })}`
        : '';
    return `${kind}${method}${reference}${due}`;
  };
}

function Statement({ entries }: { entries: StatementEntry[] }) {
  const { t } = useTranslation();
  const describe = useDescribe();
  const c = (key: ColumnKey) => t(`portal.billing.account.columns.${key}`);
  const what = (e: StatementEntry) => [e.childName, e.sessionName].filter(Boolean).join(' · ');
  return (
    <>
      <Table verticalSpacing="xs" visibleFrom="sm" striped>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <VisuallyHidden>{t('portal.billing.account.statementCaption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{c('date')}</Table.Th>
            <Table.Th scope="col">{c('description')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {c('amount')}
            </Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {c('balance')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatPortalDay(e.created, { withYear: true })}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {describe(e)}
                </Text>
                <Text size="xs" c="dimmed">
                  {what(e)}
                </Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{signed(e.amount)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {signed(e.balanceAfter)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {entries.map((e) => (
          <Card key={e.id} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{describe(e)}</Text>
                <Text size="sm">{what(e)}</Text>
                <Text size="sm">{formatPortalDay(e.created, { withYear: true })}</Text>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {signed(e.amount)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('portal.billing.account.balanceAfter', { amount: signed(e.balanceAfter) })}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
