/**
 * A payment plan's schedule as a table (issue 23, contract `payment-plan.ts`): today's deposit (and the plan's
 * fee), each instalment's date and amount, and the total, in the language shown now. The enroll page shows it
 * before the checkout, the checkout's return page after it. Amounts in cents; dates ISO, in the center's
 * calendar.
 */
import type { PlanSchedule } from '@lc/contract';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '../../i18n/intl-locale.ts';
import { formatDay } from '../class-sessions/format.ts';

/** The schedule with `caption` above it (a heading for screen readers as well). */
export function PlanScheduleTable({ schedule, caption }: { schedule: PlanSchedule; caption: string }) {
  const { t } = useTranslation();
  return (
    <Table captionSide="top" verticalSpacing="xs" horizontalSpacing={0} fz="md">
      <Table.Caption style={{ textAlign: 'start', marginBottom: 'var(--mantine-spacing-xs)' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('enroll.plan.date')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('enroll.plan.amount')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>
            {schedule.fee > 0 ? t('enroll.plan.todayDepositFee') : t('enroll.plan.todayDeposit')}
          </Table.Td>
          <Table.Td ta="right">{formatMoney(schedule.today)}</Table.Td>
        </Table.Tr>
        {schedule.instalments.map((i) => (
          <Table.Tr key={i.dueOn}>
            <Table.Td>{formatDay(i.dueOn, { withYear: true, locale: intlLocale() })}</Table.Td>
            <Table.Td ta="right">{formatMoney(i.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{t('enroll.plan.inAll')}</Table.Th>
          <Table.Td ta="right" fw={700}>
            {formatMoney(schedule.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
