/**
 * "Refunds and discounts" of the session form (issue 10; issue 21): the refund numbers with the policy as
 * families will read it, and the sibling discount with its sentence, both from what is typed now.
 */
import { describeRefundPolicy, describeSiblingDiscount, dollarsToCents } from '@lc/contract';
import { List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { CheckboxField, NativeSelectField, TextField } from '../forms/fields';
import { FormSection, type SessionFormFields } from './session-form-sections';

/** The refund policy's numbers and its preview, then the sibling discount's type, value and reach. */
export function RefundsSection({ form }: SessionFormFields) {
  const discountType = form.watch('siblingDiscountType');
  return (
    <FormSection legend="Refunds and discounts">
      <Text size="sm" c="dimmed">
        Families read the refund policy on the session page and before they pay, and a withdrawal in the
        Student Portal is refunded by it.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          form={form}
          name="refundFullDaysBefore"
          label="Full refund until (days before the first day)"
          description="Registration and supply fee back in full."
          inputMode="numeric"
          required
        />
        <TextField
          form={form}
          name="refundPercentAfter"
          label="After that, refund (% of the registration)"
          description="Until the last day; 0 for none, 100 for all of it."
          inputMode="numeric"
          required
        />
        <TextField
          form={form}
          name="supplyFeeRefundUntil"
          type="date"
          label="Supply fee refundable until"
          description="Optional. Without it, only in the full-refund period."
        />
      </SimpleGrid>
      <RefundPolicyPreview
        values={form.watch([
          'sessionStartDate',
          'supplyFee',
          'refundFullDaysBefore',
          'refundPercentAfter',
          'supplyFeeRefundUntil',
        ])}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelectField
          form={form}
          name="siblingDiscountType"
          label="Sibling discount"
          description="Off the registration of each brother or sister after the first child."
          data={[
            { value: '', label: 'No sibling discount' },
            { value: 'Amount', label: 'An amount in dollars' },
            { value: 'Percent', label: 'A percentage' },
          ]}
        />
        {discountType === 'Amount' || discountType === 'Percent' ? (
          <TextField
            form={form}
            name="siblingDiscountValue"
            label={discountType === 'Amount' ? 'Discount ($ per brother or sister)' : 'Discount (%)'}
            description={
              discountType === 'Amount' ? 'In dollars, like 25.00.' : 'A whole percentage, 1 to 100.'
            }
            inputMode={discountType === 'Amount' ? 'decimal' : 'numeric'}
            required
          />
        ) : null}
      </SimpleGrid>
      {discountType === 'Amount' || discountType === 'Percent' ? (
        <>
          <CheckboxField
            form={form}
            name="siblingDiscountAcrossProgram"
            label="Also for brothers and sisters in other sessions of the same program"
          />
          <SiblingDiscountPreview
            values={form.watch([
              'siblingDiscountType',
              'siblingDiscountValue',
              'siblingDiscountAcrossProgram',
            ])}
          />
        </>
      ) : null}
    </FormSection>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The refund policy as families will read it (`describeRefundPolicy`), from what is typed now; a hint while
 * the first day or a number is not complete yet.
 */
function RefundPolicyPreview({ values }: { values: [string, string, string, string, string] }) {
  const [start, supplyFee, days, percent, supplyUntil] = values;
  const complete =
    DATE.test(start) &&
    /^\d{1,3}$/.test(days.trim()) &&
    Number(days) <= 365 &&
    /^\d{1,3}$/.test(percent.trim()) &&
    Number(percent) <= 100;
  const sentences = complete
    ? describeRefundPolicy(
        {
          refundFullDaysBefore: Number(days),
          refundPercentAfter: Number(percent),
          supplyFeeRefundUntil: DATE.test(supplyUntil) ? supplyUntil : null,
        },
        { sessionStartDate: start, supplyFee: dollarsToCents(supplyFee === '' ? '0' : supplyFee) ?? 0 },
      )
    : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="refund-preview">
      <Title order={3} size="h5" id="refund-preview" mb={4}>
        What families read
      </Title>
      {sentences ? (
        <List size="sm" spacing={4}>
          {sentences.map((sentence) => (
            <List.Item key={sentence}>{sentence}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Give the first day and the refund numbers to see the policy in words.</Text>
      )}
    </Paper>
  );
}

/** The sibling discount in a sentence, from what is typed now. */
function SiblingDiscountPreview({ values }: { values: [string, string, boolean] }) {
  const [type, value, across] = values;
  const amount =
    type === 'Amount'
      ? dollarsToCents(value)
      : /^\d{1,3}$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 100
        ? Number(value)
        : null;
  const off =
    amount !== null && amount > 0 && (type === 'Amount' || type === 'Percent')
      ? describeSiblingDiscount({
          siblingDiscountType: type,
          siblingDiscountValue: amount,
          siblingDiscountAcrossProgram: across,
        })
      : null;
  return (
    <Text size="sm">
      {off
        ? `Families enrolling brothers and sisters together get ${off} the registration of each child after the first${across ? ', and a child whose brother or sister is already enrolled in this program gets it too' : ''}.`
        : 'Give the discount to see how families will read it.'}
    </Text>
  );
}
