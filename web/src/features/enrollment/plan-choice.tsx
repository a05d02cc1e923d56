/**
 * "How would you like to pay?" on the enroll page (issue 23): in full today, or on the session's payment plan
 * while it is offered (`planOpen`, until its first instalment's date). With the plan chosen, the schedule for
 * the chosen children is shown exactly as the checkout will charge it (`planForCheckout`, the same rule the
 * server applies: the sibling discount off the instalments, an odd cent on the last).
 */
import {
  type ClassSession,
  checkoutLineItems,
  lineItemsTotal,
  planForCheckout,
  planOpen,
  planScheduleOf,
  type SessionStudent,
  siblingsAlreadyEnrolled,
} from '@lc/contract';
import { Checkbox, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { type UseFormReturn, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '../../i18n/intl-locale.ts';
import { centerToday, formatDay } from '../class-sessions/format.ts';
import { PlanScheduleTable } from './plan-schedule.tsx';
import type { EnrollValues } from './use-enroll-form.ts';

/** "Pay the instalments automatically": saves the card or bank account paid with today (autopay, issue 23). */
function AutopayChoice({
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the field reads the form's input values only.
  form: UseFormReturn<EnrollValues, any, any>;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'autopay' });
  return (
    <Checkbox
      ref={field.ref}
      name={field.name}
      checked={field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      label={t('enroll.plan.autopay')}
      description={t('enroll.plan.autopayHint')}
      mt="xs"
    />
  );
}

/** The choice, or nothing when the session offers no plan now. */
export function PaymentPlanChoice({
  form,
  session,
  chosen,
  students,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the field reads the form's input values only.
  form: UseFormReturn<EnrollValues, any, any>;
  session: ClassSession;
  chosen: SessionStudent[];
  students: SessionStudent[];
}) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'payWith' });
  const plan = session.plan;
  if (!planOpen(plan, centerToday())) return null;
  const ids = chosen.length > 0 ? chosen.map((s) => s.id) : ['one-child'];
  const items = checkoutLineItems(
    session,
    ids.length,
    chosen.length > 0 ? siblingsAlreadyEnrolled(students, ids) : 0,
  );
  const total = lineItemsTotal(items);
  const original = lineItemsTotal(items.filter((line) => line.amount >= 0));
  const { stored } = planForCheckout(
    plan,
    ids,
    session.registrationPrice + session.supplyFee,
    original - total,
  );
  const schedule = planScheduleOf(stored);
  const count = schedule.instalments.length;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="pay-with-heading"
    >
      <Title order={2} size="h3" id="pay-with-heading">
        {t('enroll.plan.heading')}
      </Title>
      <Radio.Group
        name={field.name}
        value={field.value}
        onChange={(value) => field.onChange(value)}
        aria-labelledby="pay-with-heading"
        mt="sm"
      >
        <Stack gap="sm">
          <Radio ref={field.ref} value="full" label={t('enroll.plan.full', { total: formatMoney(total) })} />
          <Radio value="plan" label={t('enroll.plan.plan', { today: formatMoney(schedule.today), count })} />
        </Stack>
      </Radio.Group>
      {field.value === 'plan' ? (
        <Stack gap="xs" mt="md">
          <PlanScheduleTable schedule={schedule} caption={t('enroll.plan.scheduleCaption')} />
          {plan.fee > 0 ? (
            <Text size="sm">{t('enroll.plan.feeNote', { fee: formatMoney(plan.fee) })}</Text>
          ) : null}
          <Text size="sm">{t('enroll.plan.rule')}</Text>
          {plan.lateFee ? (
            <Text size="sm">
              {t('enroll.plan.lateFee', { fee: formatMoney(plan.lateFee), days: plan.lateFeeDays ?? 7 })}
            </Text>
          ) : null}
          <AutopayChoice form={form} />
        </Stack>
      ) : (
        <Text size="sm" mt="sm">
          {t('enroll.plan.closesOn', {
            date: formatDay(plan.dueDates[0]!, { withYear: true, locale: intlLocale() }),
          })}
        </Text>
      )}
    </Paper>
  );
}
