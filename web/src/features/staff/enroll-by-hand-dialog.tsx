/**
 * The director's "Enroll a child by hand" dialog (issue 10): a family who paid the office, recorded as an
 * offline payment with a note. A child outside the session's ages (issue 21, decision 018) gets the families'
 * sentence and is enrolled anyway only with a reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { dollarsToCents } from '@lc/contract';
import { Alert, Checkbox, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { enrollByHand, searchChildren } from '../../api/staff-money';
import { dollars, useSubmit } from './money-form';
import { DialogActions, StaffDialog } from './staff-dialog';

/** Enroll a child by hand, e.g. paid by check: an offline payment with a note. */
export function EnrollByHandDialog({
  session,
  onClose,
}: {
  session: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <StaffDialog opened={session !== null} onClose={onClose} title="Enroll a child by hand">
      {session ? <EnrollForm session={session} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

const enrollSchema = z
  .object({
    studentId: z.string().min(1, 'Search for the child and choose them from the list.'),
    amount: dollars(0, 10_000_000, {
      format: 'Enter the amount received, like 1260.00, or 0.',
      min: 'Enter 0 or more.',
      max: 'That amount is larger than any session’s price.',
    }),
    note: z
      .string()
      .trim()
      .min(1, 'Add a note, like “Check #1042”.')
      .max(200, 'Please keep the note under 200 characters.'),
    /** "Enroll anyway" a child outside the session's ages, with the reason kept in the audit row. */
    override: z.boolean(),
    ageOverrideReason: z.string().trim().max(500, 'Please keep this under 500 characters.'),
  })
  .refine((v) => !v.override || v.ageOverrideReason.length > 0, {
    path: ['ageOverrideReason'],
    message: 'Say why the child may join outside the session’s ages.',
  });
type EnrollValues = z.infer<typeof enrollSchema>;

function EnrollForm({ session, onDone }: { session: { id: number; name: string }; onDone: () => void }) {
  const { search, setSearch, debounced, matches, options } = useChildSearch();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnrollValues>({
    resolver: zodResolver(enrollSchema),
    defaultValues: { studentId: '', amount: '', note: '', override: false, ageOverrideReason: '' },
  });
  // The families' sentence refusing the child's age (the server's 409 on `ageOverrideReason`).
  const [ageRefusal, setAgeRefusal] = useState<string | null>(null);
  const { failure, run } = useSubmit(
    setError,
    ['studentId', 'amount', 'note', 'ageOverrideReason'] as const,
    (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return false;
      const sentence = error.fields.ageOverrideReason;
      if (!sentence) return false;
      setAgeRefusal(sentence);
      return true;
    },
  );
  const override = useWatch({ control, name: 'override' });
  const onSubmit = async (values: EnrollValues) => {
    const child = options.find((o) => o.value === values.studentId);
    const ok = await run(async () => {
      await enrollByHand(session.id, {
        studentId: values.studentId,
        amount: dollarsToCents(values.amount)!,
        note: values.note,
        ...(ageRefusal && values.override ? { ageOverrideReason: values.ageOverrideReason } : {}),
      });
      return `${child?.label.split(' — ')[0] ?? 'The child'} is enrolled in ${session.name}. The family has been emailed.`;
    });
    if (ok) onDone();
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Enroll a child by hand">
      <Stack gap="md">
        <Text size="sm">
          For a family who paid the office (a check, cash): the payment is recorded as offline with your note,
          within {session.name}’s seats.
        </Text>
        <Controller
          control={control}
          name="studentId"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Child"
              description="Search by the child’s or a parent’s name, or a parent’s email."
              required
              searchable
              filter={({ options: all }) => all}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={
                debounced.length >= 2 && !matches.isFetching ? 'No child matches' : undefined
              }
              data={options}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                setAgeRefusal(null); // another child: the server judges their age afresh
              }}
              onBlur={field.onBlur}
              error={errors.studentId?.message}
            />
          )}
        />
        <TextInput
          label="Amount received (dollars)"
          inputMode="decimal"
          required
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextInput
          label="Note"
          placeholder="Check #1042"
          required
          error={errors.note?.message}
          {...register('note')}
        />
        {ageRefusal ? (
          <AgeOverride ageRefusal={ageRefusal} override={override} register={register} errors={errors} />
        ) : null}
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit={ageRefusal && override ? 'Enroll anyway' : 'Enroll'}
          submitting={isSubmitting}
        />
      </Stack>
    </form>
  );
}

/**
 * The children matching what is typed in the Child box (two letters at least, 250 ms after the last key), as
 * the box's options: the child's name, then their parents' names and emails.
 */
function useChildSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const matches = useQuery({
    queryKey: ['staff', 'children', debounced],
    queryFn: ({ signal }) => searchChildren(debounced, signal),
    enabled: debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const options = (matches.data ?? []).map((c) => ({
    value: c.studentId,
    label: `${c.firstName} ${c.lastName} — ${c.parents.map((p) => `${p.name} <${p.emailAddress}>`).join(', ') || 'no parent account'}`,
  }));
  return { search, setSearch, debounced, matches, options };
}

/** The families' sentence refusing the child's age, "Enroll anyway" and, when ticked, the required reason. */
function AgeOverride({
  ageRefusal,
  override,
  register,
  errors,
}: {
  ageRefusal: string;
  override: boolean;
  register: UseFormRegister<EnrollValues>;
  errors: FieldErrors<EnrollValues>;
}) {
  return (
    <Alert color="yellow" variant="light" title="Outside the session’s ages">
      <Stack gap="sm">
        <Text size="sm">{ageRefusal}</Text>
        <Checkbox label="Enroll anyway" {...register('override')} />
        {override ? (
          <Textarea
            label="Why this child may join"
            description="Kept in the audit trail with the sentence above."
            required
            autosize
            minRows={2}
            error={errors.ageOverrideReason?.message}
            {...register('ageOverrideReason')}
          />
        ) : null}
      </Stack>
    </Alert>
  );
}
