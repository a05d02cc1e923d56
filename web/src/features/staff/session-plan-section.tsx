/**
 * "Payment plan" of the session form (issue 23, contract `payment-plan.ts`): the deposit per child (empty: no
 * plan), the plan's fee, the instalments' dates, and what a family will pay when, worked out from what is
 * typed now with the same rule the checkout uses (`childPlan`: the remainder cent on the last instalment).
 */
import { childPlan, dollarsToCents, formatCents, MAX_INSTALMENTS } from '@lc/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { TextField, useFieldError } from '../forms/fields';
import { FormSection, type SessionFormFields } from './session-form-sections';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The deposit, the fee, the dates and the preview. */
export function PlanSection({ form }: SessionFormFields) {
  const deposit = form.watch('planDeposit');
  return (
    <FormSection legend="Payment plan">
      <Text size="sm" c="dimmed">
        Optional. Families may pay a deposit when they enroll and the rest in instalments on the dates you
        set, instead of the whole price at once. The plan is offered until the first instalment&rsquo;s date.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          form={form}
          name="planDeposit"
          label="Deposit at enrollment ($ per child)"
          description="Leave empty for no plan."
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="planFee"
          label="Plan fee ($ per child)"
          description="Paid with the deposit; 0 for none."
          inputMode="decimal"
          disabled={deposit.trim() === ''}
        />
      </SimpleGrid>
      {deposit.trim() === '' ? null : (
        <>
          <InstalmentDates form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              form={form}
              name="planLateFee"
              label="Late fee ($ per instalment)"
              description="Added once to an instalment still unpaid after the days below; 0 for none."
              inputMode="decimal"
            />
            <TextField
              form={form}
              name="planLateFeeDays"
              label="Days after the instalment's date"
              description="Families are emailed when a late fee is added."
              inputMode="numeric"
            />
          </SimpleGrid>
          <PlanPreview form={form} />
        </>
      )}
    </FormSection>
  );
}

/** One date input per instalment, with Add and Remove; the field's message under the list. */
function InstalmentDates({ form }: SessionFormFields) {
  const { field } = useController({ control: form.control, name: 'planDueDates' });
  const error = useFieldError(form, 'planDueDates');
  const dates = (field.value as string[] | undefined) ?? [];
  const rows = dates.length === 0 ? [''] : dates;
  const set = (next: string[]) => field.onChange(next);
  return (
    <Stack gap="xs" role="group" aria-labelledby="plan-dates-label">
      <Text fw={500} size="sm" id="plan-dates-label">
        Instalment dates
      </Text>
      {rows.map((date, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in the schedule.
        <Group key={i} align="flex-end" gap="xs">
          <TextInput
            ref={i === 0 ? field.ref : undefined}
            type="date"
            label={`Instalment ${i + 1}`}
            value={date}
            onChange={(event) => set(rows.map((d, j) => (j === i ? event.currentTarget.value : d)))}
            onBlur={field.onBlur}
            error={i === 0 ? error : undefined}
            style={{ flex: 1, maxWidth: 260 }}
          />
          {rows.length > 1 ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => set(rows.filter((_, j) => j !== i))}
              aria-label={`Remove instalment ${i + 1}`}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      ))}
      {rows.length < MAX_INSTALMENTS ? (
        <Group>
          <Button variant="light" onClick={() => set([...rows, ''])}>
            Add an instalment date
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** What one child pays when on the plan, from the price and plan typed now (no sibling discount). */
function PlanPreview({ form }: SessionFormFields) {
  const [price, supply, deposit, fee, dates, lateFee, lateDays] = form.watch([
    'registrationPrice',
    'supplyFee',
    'planDeposit',
    'planFee',
    'planDueDates',
    'planLateFee',
    'planLateFeeDays',
  ]);
  const lateFeeCents = dollarsToCents(lateFee === '' ? '0' : lateFee) ?? 0;
  const gross = (dollarsToCents(price) ?? NaN) + (dollarsToCents(supply === '' ? '0' : supply) ?? NaN);
  const depositCents = dollarsToCents(deposit);
  const feeCents = dollarsToCents(fee === '' ? '0' : fee);
  const due = (dates ?? []).filter((d) => DATE.test(d)).sort();
  const ready = Number.isFinite(gross) && depositCents !== null && feeCents !== null && due.length > 0;
  const plan = ready ? childPlan({ deposit: depositCents, fee: feeCents, dueDates: due }, gross, 0) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="plan-preview">
      <Title order={3} size="h5" id="plan-preview" mb={4}>
        What a family pays on the plan
      </Title>
      {plan ? (
        <Stack gap={2}>
          <Text size="sm">
            For one child at {formatCents(plan.price)}: {formatCents(plan.deposit)} deposit
            {plan.fee > 0 ? ` and the ${formatCents(plan.fee)} plan fee` : ''} at enrollment (
            {formatCents(plan.today)}), then{' '}
            {plan.instalments.map((i) => `${formatCents(i.amount)} on ${longDate(i.dueOn)}`).join(', ')}.
          </Text>
          <Text size="sm" c="dimmed">
            In all {formatCents(plan.price + plan.fee)}. Any odd cent goes to the last instalment; a sibling
            discount comes off the instalments.
          </Text>
          {lateFeeCents > 0 ? (
            <Text size="sm">
              An instalment still unpaid {lateDays} days after its date adds a {formatCents(lateFeeCents)}{' '}
              late fee, once.
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm">Give the price, the deposit and at least one date to see the schedule.</Text>
      )}
    </Paper>
  );
}
