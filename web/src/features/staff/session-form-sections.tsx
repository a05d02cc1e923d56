/**
 * The sections of the director's session form (issue 10; spec §3 ClassSession): about the session; dates,
 * schedule and ages; price and seats; registration windows; policies. Each is a fieldset whose legend is a
 * section heading, bound to the page's react-hook-form.
 */
import {
  type ClassSession,
  type ClassSessionInput,
  describeAgeMonths,
  POLICY_TYPE_LABELS,
  type PolicyRow,
  routes,
} from '@lc/contract';
import { Anchor, Fieldset, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { NativeSelectField, SwitchField, TextareaField, TextField } from '../forms/fields';
import type { SessionFormValues } from './session-form-values';
import { SessionThumbnail } from './session-thumbnail';

/** The center's time zone as the form names it. */
export const ZONE_NAME = 'Pacific Time';

/** What each section takes: the page's react-hook-form, whose fields it shows. */
export type SessionFormFields = {
  form: UseFormReturn<SessionFormValues, unknown, ClassSessionInput>;
};

/** A fieldset's legend as a section heading (screen readers can jump by headings through the long form). */
const Legend = ({ children }: { children: string }) => (
  <Title order={2} fz="h4" mb="xs">
    {children}
  </Title>
);

/** One section of the form: a fieldset with its legend as a heading, its fields stacked. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={<Legend>{legend}</Legend>} variant="unstyled">
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

/** "About the session": name, program, description and picture (uploaded on an existing session). */
export function AboutSection({
  form,
  programs,
  session,
}: SessionFormFields & {
  programs: { id: number; name: string; isActive: boolean }[];
  session: ClassSession | null;
}) {
  return (
    <FormSection legend="About the session">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label="Name" required />
        <NativeSelectField
          form={form}
          name="classSectionId"
          label="Program"
          description="The program this session belongs to, if any."
          data={[
            { value: '', label: 'No program' },
            ...programs.map((p) => ({
              value: String(p.id),
              label: p.isActive ? p.name : `${p.name} (inactive)`,
            })),
          ]}
        />
      </SimpleGrid>
      <TextareaField
        form={form}
        name="description"
        label="Description"
        description="What children do and learn, as families will read it."
        required
        autosize
        minRows={3}
      />
      <TextField
        form={form}
        name="thumbnail"
        label="Picture"
        description="The address of the session’s picture, like /images/garden.jpg (optional)."
      />
      {session ? (
        <SessionThumbnail
          session={session}
          onUploaded={(url) => form.setValue('thumbnail', url, { shouldDirty: true })}
        />
      ) : null}
    </FormSection>
  );
}

/** "Dates, schedule and ages": first and last day, days and hours, ages in months with the ages they mean. */
export function ScheduleSection({ form }: SessionFormFields) {
  const age = (field: 'minAgeMonths' | 'maxAgeMonths') => {
    const text = form.watch(field).trim();
    if (!/^\d{1,3}$/.test(text)) return undefined;
    const months = Number(text);
    return field === 'minAgeMonths'
      ? `${describeAgeMonths(months)} years old on the first day`
      : `Up to ${Math.floor(months / 12)} years and ${months % 12} ${months % 12 === 1 ? 'month' : 'months'}`;
  };
  return (
    <FormSection legend="Dates, schedule and ages">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="sessionStartDate" type="date" label="First day" required />
        <TextField form={form} name="sessionEndDate" type="date" label="Last day" required />
      </SimpleGrid>
      <TextField
        form={form}
        name="daySchedule"
        label="Days and hours"
        description="As families should read it, like “Monday to Friday, 8:30 am – 12:30 pm”."
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          form={form}
          name="minAgeMonths"
          label="Youngest age (months)"
          inputMode="numeric"
          description={age('minAgeMonths') ?? 'On the first day; 42 months is 3½ years. Optional.'}
        />
        <TextField
          form={form}
          name="maxAgeMonths"
          label="Oldest age (months)"
          inputMode="numeric"
          description={age('maxAgeMonths') ?? 'On the first day; 71 months is just under 6. Optional.'}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** "Price and seats": prices in dollars, Stripe price ids, seats and waitlist places. */
export function PriceSection({ form }: SessionFormFields) {
  return (
    <FormSection legend="Price and seats">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          form={form}
          name="registrationPrice"
          label="Registration price ($)"
          description="Per child, in dollars."
          inputMode="decimal"
          required
        />
        <TextField
          form={form}
          name="supplyFee"
          label="Supply fee ($)"
          description="Per child, in dollars; 0 for none."
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="stripeLineItem"
          label="Stripe price id for registration"
          description="Optional, like price_1Abc. Without it, checkout uses the price above."
        />
        <TextField
          form={form}
          name="supplyFeeLineItem"
          label="Stripe price id for the supply fee"
          description="Optional."
        />
        <TextField
          form={form}
          name="rosterSize"
          label="Seats"
          description="How many children the room takes."
          inputMode="numeric"
          required
        />
        <TextField
          form={form}
          name="waitlistSize"
          label="Waitlist places"
          description="How many children may wait for a seat."
          inputMode="numeric"
          required
        />
      </SimpleGrid>
      <SwitchField
        form={form}
        name="waitlistActive"
        label="Families may join the waitlist when the session is full"
      />
    </FormSection>
  );
}

/** "Registration windows": priority and general, opening and closing on the center's clock. */
export function WindowsSection({ form }: SessionFormFields) {
  const windowHint = `The center’s time (${ZONE_NAME}). Leave empty for no window.`;
  return (
    <FormSection legend="Registration windows">
      <Text size="sm" c="dimmed">
        Returning families may enroll in the priority window; everyone in the general window. A session with
        neither window takes families on its waitlist only.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          form={form}
          name="priorityRegistrationStartDate"
          type="datetime-local"
          label="Priority registration opens"
          description={windowHint}
        />
        <TextField
          form={form}
          name="priorityRegistrationEndDate"
          type="datetime-local"
          label="Priority registration closes"
          description={windowHint}
        />
        <TextField
          form={form}
          name="registrationStartDate"
          type="datetime-local"
          label="General registration opens"
          description={windowHint}
        />
        <TextField
          form={form}
          name="registrationEndDate"
          type="datetime-local"
          label="General registration closes"
          description={windowHint}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** "Policies": the expectation, dismissal and late-pickup policies families accept before they pay. */
export function PoliciesSection({ form, policies }: SessionFormFields & { policies: PolicyRow[] }) {
  const policyOptions = (type: PolicyRow['policyType']) => [
    { value: '', label: 'None' },
    ...policies.filter((p) => p.policyType === type).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  return (
    <FormSection legend="Policies">
      <Text size="sm" c="dimmed">
        Families accept these before they pay.{' '}
        <Anchor component={Link} to={routes.staffPrograms} underline="always">
          Write or edit policies
        </Anchor>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelectField
          form={form}
          name="expectationPolicyId"
          label={`${POLICY_TYPE_LABELS.Expectation} policy`}
          data={policyOptions('Expectation')}
        />
        <NativeSelectField
          form={form}
          name="dismissalPolicyId"
          label={`${POLICY_TYPE_LABELS.Dismissal} policy`}
          data={policyOptions('Dismissal')}
        />
        <NativeSelectField
          form={form}
          name="latePickupPolicyId"
          label={`${POLICY_TYPE_LABELS.LatePickup} policy`}
          data={policyOptions('LatePickup')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
