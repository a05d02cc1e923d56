import {
  type ClassSession,
  type ClassSessionInput,
  describeAgeMonths,
  describeRefundPolicy,
  describeSiblingDiscount,
  dollarsToCents,
  POLICY_TYPE_LABELS,
  type PolicyRow,
  routes,
} from '@lc/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  createSession,
  getPolicies,
  getPrograms,
  getStaffSession,
  updateSession,
} from '../../api/staff-setup';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { SwitchField } from '../../features/forms/switch-field';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors';
import { DuplicateSessionDialog } from '../../features/staff/duplicate-session-dialog';
import {
  EMPTY_SESSION_FORM,
  formToSessionInput,
  SESSION_FORM_FIELDS,
  type SessionFormField,
  type SessionFormValues,
  sessionToForm,
} from '../../features/staff/session-form-values';
import { SessionResources } from '../../features/staff/session-resources';
import { SessionThumbnail } from '../../features/staff/session-thumbnail';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';
import classes from './staff.module.css';

/** react-hook-form runs the form's own rules (session-form-values.ts) and hands the page `ClassSessionInput`. */
const sessionResolver: Resolver<SessionFormValues, unknown, ClassSessionInput> = async (values) => {
  const result = formToSessionInput(values, CENTER_TIME_ZONE);
  if (result.ok) return { values: result.value, errors: {} };
  const errors: FieldErrors<SessionFormValues> = {};
  for (const [field, message] of Object.entries(result.errors))
    errors[field as SessionFormField] = { type: 'validate', message };
  return { values: {}, errors };
};

const ZONE_NAME = 'Pacific Time';

/** A fieldset's legend as a section heading (screen readers can jump by headings through the long form). */
const Legend = ({ children }: { children: string }) => (
  <Title order={2} fz="h4" mb="xs">
    {children}
  </Title>
);

/**
 * /staff/sessions/new and /staff/sessions/:classSessionId/edit — the director's session form (issue 10): every
 * field of spec §3 ClassSession, money in dollars (stored as cents), registration windows in the center's
 * time zone, age limits in months with the ages they mean, the program and the three policies, and
 * "Duplicate for next term" on an existing session. A teacher is told the form is the director's.
 */
export default function StaffSessionFormPage() {
  const { classSessionId } = useParams();
  const isNew = classSessionId === undefined;
  const isDirector = currentRole() === 'Admin';
  const session = useQuery({
    queryKey: ['staff', 'session', classSessionId],
    queryFn: ({ signal }) => getStaffSession(classSessionId, signal),
    enabled: !isNew && isDirector,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  usePageTitle(isNew ? 'New session' : session.data ? `Edit · ${session.data.name}` : 'Edit session');

  if (!isDirector)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Only the director sets up sessions">
        You can read the rosters of the sessions you teach. Ask your center’s director to change a session.
      </Alert>
    );
  if (!isNew && session.error instanceof ApiError && session.error.status === 404) return <NotFoundPage />;
  if (!isNew && session.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this session">
        Please check your connection and try again.
      </Alert>
    );
  if (!isNew && !session.data)
    return (
      <Text role="status" mt="lg">
        Loading the session…
      </Text>
    );
  return <SessionForm session={session.data ?? null} />;
}

function SessionForm({ session }: { session: ClassSession | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [duplicating, setDuplicating] = useState(false);
  const programs = useQuery({
    queryKey: ['staff', 'programs'],
    queryFn: ({ signal }) => getPrograms(signal),
  });
  const policies = useQuery({
    queryKey: ['staff', 'policies'],
    queryFn: ({ signal }) => getPolicies(signal),
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SessionFormValues, unknown, ClassSessionInput>({
    resolver: sessionResolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: session ? sessionToForm(session, CENTER_TIME_ZONE) : EMPTY_SESSION_FORM,
  });
  const showFieldErrors = useServerFieldErrors(setError, SESSION_FORM_FIELDS);

  // The selects' options arrive after the form: set the stored choices again once they are there.
  const optionsReady = programs.isSuccess && policies.isSuccess;
  useEffect(() => {
    if (optionsReady && session) reset(sessionToForm(session, CENTER_TIME_ZONE), { keepDirtyValues: true });
  }, [optionsReady, session, reset]);

  useEffect(() => {
    if (formError) summaryRef.current?.focus();
  }, [formError]);

  const onSubmit = async (input: ClassSessionInput) => {
    setFormError(null);
    try {
      if (session) {
        await updateSession(session.id, input);
        notifySuccess(`Saved ${input.name}.`);
      } else {
        const created = await createSession(input);
        notifySuccess(`${created.name} is set up. Choose who teaches it below.`);
        await queryClient.invalidateQueries({ queryKey: ['staff'] });
        navigate(routes.staffSession(created.id));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      navigate(routes.staffSession(session.id));
    } catch (error) {
      if (showFieldErrors(error)) return;
      if (error instanceof ApiError && error.status < 500) setFormError(error.message);
      else notifyError('The session could not be saved. Please try again.');
    }
  };

  const age = (field: 'minAgeMonths' | 'maxAgeMonths') => {
    const text = watch(field).trim();
    if (!/^\d{1,3}$/.test(text)) return undefined;
    const months = Number(text);
    return field === 'minAgeMonths'
      ? `${describeAgeMonths(months)} years old on the first day`
      : `Up to ${Math.floor(months / 12)} years and ${months % 12} ${months % 12 === 1 ? 'month' : 'months'}`;
  };
  const policyOptions = (type: PolicyRow['policyType']) => [
    { value: '', label: 'None' },
    ...(policies.data ?? [])
      .filter((p) => p.policyType === type)
      .map((p) => ({ value: String(p.id), label: p.name })),
  ];
  const windowHint = `The center’s time (${ZONE_NAME}). Leave empty for no window.`;
  const discountType = watch('siblingDiscountType');

  return (
    <Stack gap="lg" mt="lg" className={classes.page} maw={860}>
      <Anchor component={Link} to={session ? routes.staffSession(session.id) : routes.staff} size="sm">
        {session ? `← Back to the roster of ${session.name}` : '← All sessions'}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{session ? `Edit ${session.name}` : 'New session'}</Title>
          <Text c="dimmed">
            Families see a session on the website while it is active. Prices are in dollars; times are the
            center’s ({ZONE_NAME}).
          </Text>
        </div>
        {session ? (
          <Button variant="default" onClick={() => setDuplicating(true)}>
            Duplicate for next term
          </Button>
        ) : null}
      </Group>

      {formError ? (
        <Alert ref={summaryRef} tabIndex={-1} color="red" variant="light" role="alert" title="Not saved yet">
          {formError}
        </Alert>
      ) : null}

      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={session ? `Edit ${session.name}` : 'New session'}
      >
        <Stack gap="xl">
          <Fieldset legend={<Legend>About the session</Legend>} variant="unstyled">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
                <NativeSelect
                  label="Program"
                  description="The program this session belongs to, if any."
                  data={[
                    { value: '', label: 'No program' },
                    ...(programs.data ?? []).map((p) => ({
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
            </Stack>
          </Fieldset>

          <Fieldset legend={<Legend>Dates, schedule and ages</Legend>} variant="unstyled">
            <Stack gap="md">
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
                  description={
                    age('maxAgeMonths') ?? 'On the first day; 71 months is just under 6. Optional.'
                  }
                  error={errors.maxAgeMonths?.message}
                  {...register('maxAgeMonths')}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>

          <Fieldset legend={<Legend>Price and seats</Legend>} variant="unstyled">
            <Stack gap="md">
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
            </Stack>
          </Fieldset>

          <Fieldset legend={<Legend>Refunds and discounts</Legend>} variant="unstyled">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Families read the refund policy on the session page and before they pay, and a withdrawal in
                the Student Portal is refunded by it.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Full refund until (days before the first day)"
                  description="Registration and supply fee back in full."
                  inputMode="numeric"
                  required
                  error={errors.refundFullDaysBefore?.message}
                  {...register('refundFullDaysBefore')}
                />
                <TextInput
                  label="After that, refund (% of the registration)"
                  description="Until the last day; 0 for none, 100 for all of it."
                  inputMode="numeric"
                  required
                  error={errors.refundPercentAfter?.message}
                  {...register('refundPercentAfter')}
                />
                <TextInput
                  type="date"
                  label="Supply fee refundable until"
                  description="Optional. Without it, only in the full-refund period."
                  error={errors.supplyFeeRefundUntil?.message}
                  {...register('supplyFeeRefundUntil')}
                />
              </SimpleGrid>
              <RefundPolicyPreview
                values={watch([
                  'sessionStartDate',
                  'supplyFee',
                  'refundFullDaysBefore',
                  'refundPercentAfter',
                  'supplyFeeRefundUntil',
                ])}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect
                  label="Sibling discount"
                  description="Off the registration of each brother or sister after the first child."
                  data={[
                    { value: '', label: 'No sibling discount' },
                    { value: 'Amount', label: 'An amount in dollars' },
                    { value: 'Percent', label: 'A percentage' },
                  ]}
                  error={errors.siblingDiscountType?.message}
                  {...register('siblingDiscountType')}
                />
                {discountType === 'Amount' || discountType === 'Percent' ? (
                  <TextInput
                    label={discountType === 'Amount' ? 'Discount ($ per brother or sister)' : 'Discount (%)'}
                    description={
                      discountType === 'Amount' ? 'In dollars, like 25.00.' : 'A whole percentage, 1 to 100.'
                    }
                    inputMode={discountType === 'Amount' ? 'decimal' : 'numeric'}
                    required
                    error={errors.siblingDiscountValue?.message}
                    {...register('siblingDiscountValue')}
                  />
                ) : null}
              </SimpleGrid>
              {discountType === 'Amount' || discountType === 'Percent' ? (
                <>
                  <Controller
                    control={control}
                    name="siblingDiscountAcrossProgram"
                    render={({ field }) => (
                      <Checkbox
                        ref={field.ref}
                        name={field.name}
                        label="Also for brothers and sisters in other sessions of the same program"
                        checked={field.value}
                        onChange={(event) => field.onChange(event.currentTarget.checked)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                  <SiblingDiscountPreview
                    values={watch([
                      'siblingDiscountType',
                      'siblingDiscountValue',
                      'siblingDiscountAcrossProgram',
                    ])}
                  />
                </>
              ) : null}
            </Stack>
          </Fieldset>

          <Fieldset legend={<Legend>Registration windows</Legend>} variant="unstyled">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Returning families may enroll in the priority window; everyone in the general window. A
                session with neither window takes families on its waitlist only.
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
            </Stack>
          </Fieldset>

          <Fieldset legend={<Legend>Policies</Legend>} variant="unstyled">
            <Stack gap="md">
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
            </Stack>
          </Fieldset>

          <SwitchField control={control} name="isActive">
            Active: families see this session on the website
          </SwitchField>

          <Group>
            <Button type="submit" loading={isSubmitting}>
              {session ? 'Save changes' : 'Create session'}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={session ? routes.staffSession(session.id) : routes.staff}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      {session ? <SessionResources session={session} /> : null}
      {session ? (
        <DuplicateSessionDialog
          session={session}
          opened={duplicating}
          onClose={() => setDuplicating(false)}
        />
      ) : null}
    </Stack>
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
