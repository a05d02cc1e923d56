import { zodResolver } from '@hookform/resolvers/zod';
import { type ClosureInput, ClosureInputSchema } from '@lc/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { getStaffSessions } from '../../api/staff';
import { addClosure } from '../../api/staff-calendar';
import { NativeSelectField, TextField } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/** The form's values: a session chosen by its id as text ("" for the whole center), the time "" when none. */
type ClosureForm = {
  startsOn: string;
  endsOn: string;
  classSessionId: string;
  kind: string;
  dismissAt: string;
  reason: string;
};

/** The form's values read as the API's input, then checked by the contract's own rules (field by field). */
const closureResolver = zodResolver(
  z.preprocess((value) => {
    const v = value as ClosureForm;
    return {
      ...v,
      classSessionId: v.classSessionId ? Number(v.classSessionId) : null,
      dismissAt: v.kind === 'EarlyDismissal' ? v.dismissAt : null,
    };
  }, ClosureInputSchema) as unknown as z.ZodType<ClosureInput, ClosureForm>,
) as Resolver<ClosureForm, unknown, ClosureInput>;

/**
 * The director's "Add to the calendar" dialog (issue 24): the first and last day, closed or home early (with
 * the time), the whole center or one session, and the reason families read. Errors sit by their fields,
 * focus on the first; nothing is saved until every field is right.
 */
export function ClosureDialog({
  opened,
  today,
  onClose,
}: {
  opened: boolean;
  today: string;
  onClose: () => void;
}) {
  const form = useForm<ClosureForm, unknown, ClosureInput>({
    resolver: closureResolver,
    defaultValues: {
      startsOn: today,
      endsOn: today,
      classSessionId: '',
      kind: 'Closed',
      dismissAt: '',
      reason: '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const sessions = useQuery({
    queryKey: staffKeys.sessionFilterChoices(),
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' }, signal),
    enabled: opened,
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: addClosure,
    fields: ['startsOn', 'endsOn', 'kind', 'dismissAt', 'classSessionId', 'reason'],
    success: (closure) => `${closure.reason} is on the calendar.`,
    invalidate: [staffKeys.all],
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <StaffDialog opened={opened} onClose={onClose} size="lg" title="Add to the calendar">
      <form onSubmit={onSubmit} noValidate aria-label="Add to the calendar">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextField form={form} name="startsOn" type="date" label="First day" required />
            <TextField
              form={form}
              name="endsOn"
              type="date"
              label="Last day"
              description="The same day for one day."
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelectField
              form={form}
              name="kind"
              label="What happens"
              data={[
                { value: 'Closed', label: 'Closed all day' },
                { value: 'EarlyDismissal', label: 'Early dismissal' },
              ]}
            />
            {kind === 'EarlyDismissal' ? (
              <TextField
                form={form}
                name="dismissAt"
                type="time"
                label="Children go home at"
                description="Late pickup counts from this time."
                required
              />
            ) : null}
          </SimpleGrid>
          <NativeSelectField
            form={form}
            name="classSessionId"
            label="For"
            description="The whole center, or one session (a room’s training day)."
            data={[
              { value: '', label: 'The whole center' },
              ...(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
          <TextField
            form={form}
            name="reason"
            label="Reason"
            description="Families see it on their calendar, like “Thanksgiving” or “Teacher training”."
            required
          />
          <FormFailure failure={failure} />
          <DialogActions onCancel={onClose} submit="Add to the calendar" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
