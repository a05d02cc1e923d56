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
import {
  Anchor,
  Fieldset,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { Control, FieldErrors, UseFormRegister, UseFormSetValue, UseFormWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SwitchField } from '../forms/switch-field';
import type { SessionFormValues } from './session-form-values';
import { SessionThumbnail } from './session-thumbnail';

/** The center's time zone as the form names it. */
export const ZONE_NAME = 'Pacific Time';

/** What each section takes from the page's react-hook-form. */
export type SessionFormFields = {
  register: UseFormRegister<SessionFormValues>;
  control: Control<SessionFormValues, unknown, ClassSessionInput>;
  watch: UseFormWatch<SessionFormValues>;
  errors: FieldErrors<SessionFormValues>;
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
  register,
  errors,
  programs,
  session,
  setValue,
}: SessionFormFields & {
  programs: { id: number; name: string; isActive: boolean }[];
  session: ClassSession | null;
  setValue: UseFormSetValue<SessionFormValues>;
}) {
  return (
    <FormSection legend="About the session">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
        <NativeSelect
          label="Program"
          description="The program this session belongs to, if any."
          data={[
            { value: '', label: 'No program' },
            ...programs.map((p) => ({
              value: String(p.id),
              label: p.isActive ? p.name : `${p.name} (inactive)`,
            })),
          ]}
          error={errors.classSectionId?.message}
          {...register('classSectionId')}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        description="What children do and learn, as families will read it."
        required
        autosize
        minRows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextInput
        label="Picture"
        description="The address of the session’s picture, like /images/garden.jpg (optional)."
        error={errors.thumbnail?.message}
        {...register('thumbnail')}
      />
      {session ? (
        <SessionThumbnail
          session={session}
          onUploaded={(url) => setValue('thumbnail', url, { shouldDirty: true })}
        />
      ) : null}
    </FormSection>
  );
}

/** "Dates, schedule and ages": first and last day, days and hours, ages in months with the ages they mean. */
export function ScheduleSection({ register, errors, watch }: SessionFormFields) {
  const age = (field: 'minAgeMonths' | 'maxAgeMonths') => {
    const text = watch(field).trim();
    if (!/^\d{1,3}$/.test(text)) return undefined;
    const months = Number(text);
    return field === 'minAgeMonths'
      ? `${describeAgeMonths(months)} years old on the first day`
      : `Up to ${Math.floor(months / 12)} years and ${months % 12} ${months % 12 === 1 ? 'month' : 'months'}`;
  };
  return (
    <FormSection legend="Dates, schedule and ages">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="First day"
          required
          error={errors.sessionStartDate?.message}
          {...register('sessionStartDate')}
        />
        <TextInput
          type="date"
          label="Last day"
          required
          error={errors.sessionEndDate?.message}
          {...register('sessionEndDate')}
        />
      </SimpleGrid>
      <TextInput
        label="Days and hours"
        description="As families should read it, like “Monday to Friday, 8:30 am – 12:30 pm”."
        required
        error={errors.daySchedule?.message}
        {...register('daySchedule')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Youngest age (months)"
          inputMode="numeric"
          description={age('minAgeMonths') ?? 'On the first day; 42 months is 3½ years. Optional.'}
          error={errors.minAgeMonths?.message}
          {...register('minAgeMonths')}
        />
        <TextInput
          label="Oldest age (months)"
          inputMode="numeric"
          description={age('maxAgeMonths') ?? 'On the first day; 71 months is just under 6. Optional.'}
          error={errors.maxAgeMonths?.message}
          {...register('maxAgeMonths')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** "Price and seats": prices in dollars, Stripe price ids, seats and waitlist places. */
export function PriceSection({ register, errors, control }: SessionFormFields) {
  return (
    <FormSection legend="Price and seats">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Registration price ($)"
          description="Per child, in dollars."
          inputMode="decimal"
          required
          error={errors.registrationPrice?.message}
          {...register('registrationPrice')}
        />
        <TextInput
          label="Supply fee ($)"
          description="Per child, in dollars; 0 for none."
          inputMode="decimal"
          error={errors.supplyFee?.message}
          {...register('supplyFee')}
        />
        <TextInput
          label="Stripe price id for registration"
          description="Optional, like price_1Abc. Without it, checkout uses the price above."
          error={errors.stripeLineItem?.message}
          {...register('stripeLineItem')}
        />
        <TextInput
          label="Stripe price id for the supply fee"
          description="Optional."
          error={errors.supplyFeeLineItem?.message}
          {...register('supplyFeeLineItem')}
        />
        <TextInput
          label="Seats"
          description="How many children the room takes."
          inputMode="numeric"
          required
          error={errors.rosterSize?.message}
          {...register('rosterSize')}
        />
        <TextInput
          label="Waitlist places"
          description="How many children may wait for a seat."
          inputMode="numeric"
          required
          error={errors.waitlistSize?.message}
          {...register('waitlistSize')}
        />
      </SimpleGrid>
      <SwitchField control={control} name="waitlistActive">
        Families may join the waitlist when the session is full
      </SwitchField>
    </FormSection>
  );
}

/** "Registration windows": priority and general, opening and closing on the center's clock. */
export function WindowsSection({ register, errors }: SessionFormFields) {
  const windowHint = `The center’s time (${ZONE_NAME}). Leave empty for no window.`;
  return (
    <FormSection legend="Registration windows">
      <Text size="sm" c="dimmed">
        Returning families may enroll in the priority window; everyone in the general window. A session with
        neither window takes families on its waitlist only.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          label="Priority registration opens"
          description={windowHint}
          error={errors.priorityRegistrationStartDate?.message}
          {...register('priorityRegistrationStartDate')}
        />
        <TextInput
          type="datetime-local"
          label="Priority registration closes"
          description={windowHint}
          error={errors.priorityRegistrationEndDate?.message}
          {...register('priorityRegistrationEndDate')}
        />
        <TextInput
          type="datetime-local"
          label="General registration opens"
          description={windowHint}
          error={errors.registrationStartDate?.message}
          {...register('registrationStartDate')}
        />
        <TextInput
          type="datetime-local"
          label="General registration closes"
          description={windowHint}
          error={errors.registrationEndDate?.message}
          {...register('registrationEndDate')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** "Policies": the expectation, dismissal and late-pickup policies families accept before they pay. */
export function PoliciesSection({
  register,
  errors,
  policies,
}: SessionFormFields & { policies: PolicyRow[] }) {
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
        <NativeSelect
          label={`${POLICY_TYPE_LABELS.Expectation} policy`}
          data={policyOptions('Expectation')}
          error={errors.expectationPolicyId?.message}
          {...register('expectationPolicyId')}
        />
        <NativeSelect
          label={`${POLICY_TYPE_LABELS.Dismissal} policy`}
          data={policyOptions('Dismissal')}
          error={errors.dismissalPolicyId?.message}
          {...register('dismissalPolicyId')}
        />
        <NativeSelect
          label={`${POLICY_TYPE_LABELS.LatePickup} policy`}
          data={policyOptions('LatePickup')}
          error={errors.latePickupPolicyId?.message}
          {...register('latePickupPolicyId')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
