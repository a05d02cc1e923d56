/**
 * The director's "Enroll a child by hand" dialog (issue 10; issue 23): a family who pays the office, recorded
 * as an offline payment with a note against the place's price (the session's, or one the director types: 0
 * for a free place). A child outside the session's ages (issue 21, decision 018) gets the families'
 * sentence and is enrolled anyway only with a reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { dollarsToCents } from '@lc/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { enrollByHand, searchChildren } from '../../api/staff-money';
import { failedWith, failureFields } from '../forms/feedback';
import { CheckboxField, type FormOf, SelectField, TextareaField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { dialogFailure, dollars } from './money-form';
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
    studentId: z
      .string({ error: 'Search for the child and choose them from the list.' })
      .min(1, 'Search for the child and choose them from the list.'),
    amount: dollars(0, 10_000_000, {
      format: 'Enter the amount received, like 1260.00, or 0.',
      min: 'Enter 0 or more.',
      max: 'That amount is larger than any session’s price.',
    }),
    charge: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || dollarsToCents(v) !== null,
        'Enter the price of this place, like 455.00, or 0 for a free place.',
      ),
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
  const form = useForm<EnrollValues>({
    resolver: zodResolver(enrollSchema),
    defaultValues: {
      studentId: '',
      amount: '',
      charge: '',
      note: '',
      override: false,
      ageOverrideReason: '',
    },
  });
  // The families' sentence refusing the child's age (the server's 409 on `ageOverrideReason`).
  const [ageRefusal, setAgeRefusal] = useState<string | null>(null);
  const override = useWatch({ control: form.control, name: 'override' });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    // Answers the child's name, as the list showed it when the form was sent.
    action: async (values) => {
      const child = options.find((o) => o.value === values.studentId);
      await enrollByHand(session.id, {
        studentId: values.studentId,
        amount: dollarsToCents(values.amount)!,
        ...(values.charge === '' ? {} : { charge: dollarsToCents(values.charge)! }),
        note: values.note,
        ...(ageRefusal && values.override ? { ageOverrideReason: values.ageOverrideReason } : {}),
      });
      return child?.label.split(' — ')[0] ?? 'The child';
    },
    fields: ['studentId', 'amount', 'charge', 'note', 'ageOverrideReason'],
    success: (childName) => `${childName} is enrolled in ${session.name}. The family has been emailed.`,
    invalidate: [staffKeys.all],
    onSuccess: onDone,
    intercept: (error) => {
      const sentence = failedWith(error, 409) ? failureFields(error).ageOverrideReason : undefined;
      if (!sentence) return false;
      setAgeRefusal(sentence);
      return true;
    },
    alert: dialogFailure,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Enroll a child by hand">
      <Stack gap="md">
        <Text size="sm">
          For a family who pays the office (a check, cash), within {session.name}’s seats. The place is
          charged the session’s price; what you record as received is paid against it, and anything left is
          due by the first day.
        </Text>
        <SelectField
          form={form}
          name="studentId"
          label="Child"
          description="Search by the child’s or a parent’s name, or a parent’s email."
          required
          searchable
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={debounced.length >= 2 && !matches.isFetching ? 'No child matches' : undefined}
          data={options}
          // Every choice (or un-choice) of an option changes the child: the server judges their age afresh.
          onOptionSubmit={() => setAgeRefusal(null)}
        />
        <TextField form={form} name="amount" label="Amount received (dollars)" inputMode="decimal" required />
        <TextField
          form={form}
          name="charge"
          label="Price of this place (dollars, optional)"
          description="Leave empty for the session’s price, with any sibling discount. Enter 0 for a free place."
          inputMode="decimal"
        />
        <TextField form={form} name="note" label="Note" placeholder="Check #1042" required />
        {ageRefusal ? <AgeOverride ageRefusal={ageRefusal} override={override} form={form} /> : null}
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit={ageRefusal && override ? 'Enroll anyway' : 'Enroll'}
          submitting={submitting}
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
    queryKey: staffKeys.children(debounced),
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
  form,
}: {
  ageRefusal: string;
  override: boolean;
  form: FormOf<EnrollValues>;
}) {
  return (
    <Alert color="yellow" variant="light" title="Outside the session’s ages">
      <Stack gap="sm">
        <Text size="sm">{ageRefusal}</Text>
        <CheckboxField form={form} name="override" label="Enroll anyway" />
        {override ? (
          <TextareaField
            form={form}
            name="ageOverrideReason"
            label="Why this child may join"
            description="Kept in the audit trail with the sentence above."
            required
            autosize
            minRows={2}
          />
        ) : null}
      </Stack>
    </Alert>
  );
}
