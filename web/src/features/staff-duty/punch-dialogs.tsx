import { zodResolver } from '@hookform/resolvers/zod';
import { calendarDateSchema, fieldMessage, type Punch } from '@lc/contract';
import { instantToWallTime } from '@lc/contract/zoned-time';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addPunch, dutyKeys, fixPunch } from '../../api/staff-duty';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { type FormOf, NativeSelectField, TextareaField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/** The times a punch dialog takes: a day and clock times on the center's wall clock, and the reason. */
const clockTime = z
  .string({ error: fieldMessage('fields.duty.useClock') })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, fieldMessage('fields.duty.useClock'));
const timesShape = {
  day: calendarDateSchema(fieldMessage('fields.duty.useDay')),
  inAt: clockTime,
  outAt: clockTime.or(z.literal('')),
  reason: z
    .string()
    .trim()
    .min(3, fieldMessage('fields.duty.giveReason'))
    .max(300, fieldMessage('fields.common.tooLong', { max: 300 })),
};
const outAfterIn = (p: { inAt: string; outAt: string }, ctx: z.RefinementCtx) => {
  if (p.outAt && p.outAt <= p.inAt)
    ctx.addIssue({ code: 'custom', path: ['outAt'], message: fieldMessage('fields.duty.outAfterIn') });
};
/** The day and times as the API takes them: wall times "YYYY-MM-DDTHH:MM" in the center's time zone. */
const wall = (p: { day: string; inAt: string; outAt: string; reason: string }) => ({
  inAt: `${p.day}T${p.inAt}`,
  outAt: p.outAt ? `${p.day}T${p.outAt}` : null,
  reason: p.reason,
});

/** The fix form: the punch's day, its clock-in and clock-out (empty: still in), and why. */
export const PunchFixFormSchema = z.object(timesShape).superRefine(outAfterIn).transform(wall);
type FixInput = z.input<typeof PunchFixFormSchema>;

/** The missed-punch form: who, in which room, and the fix form's fields. */
export const PunchAddFormSchema = z
  .object({
    userId: z.string().min(1, fieldMessage('fields.duty.choosePerson')),
    classSessionId: z.string().regex(/^\d+$/, fieldMessage('fields.duty.chooseRoom')),
    ...timesShape,
  })
  .superRefine(outAfterIn)
  .transform((p) => ({ userId: p.userId, classSessionId: Number(p.classSessionId), ...wall(p) }));
type AddInput = z.input<typeof PunchAddFormSchema>;

const clockOf = (iso: string) => instantToWallTime(iso, CENTER_TIME_ZONE).slice(11, 16);
const timeHelp = 'Times are the center’s clock (Pacific time).';

/** A punch's times as a sentence: "Tue, Dec 1, 8:05 AM – 12:40 PM" (or "still clocked in"). */
export function punchTimes(p: { inAt: string; outAt: string | null }): string {
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  });
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: CENTER_TIME_ZONE,
  });
  const from = `${day.format(new Date(p.inAt))}, ${time.format(new Date(p.inAt))}`;
  return `${from} – ${p.outAt ? time.format(new Date(p.outAt)) : 'still clocked in'}`;
}

/**
 * The director corrects punch `punch`: its day, clock-in and clock-out on the center's clock, and a reason
 * (required, kept with the correction). The server keeps the original; the timesheet reloads. A field the
 * server refuses says so by the field, with focus; an overlap with another punch is said in the form's alert.
 */
export function FixPunchDialog({ punch, onClose }: { punch: Punch; onClose: () => void }) {
  const form = useForm<FixInput, unknown, z.output<typeof PunchFixFormSchema>>({
    resolver: zodResolver(PunchFixFormSchema),
    defaultValues: {
      day: punch.day,
      inAt: clockOf(punch.inAt),
      outAt: punch.outAt ? clockOf(punch.outAt) : '',
      reason: '',
    },
  });
  const submit = useSubmit(form, {
    action: (values) => fixPunch(punch.id, values),
    fields: ['day', 'inAt', 'outAt', 'reason'],
    success: `${punch.name}’s punch is corrected.`,
    invalidate: [dutyKeys.all],
    onSuccess: onClose,
  });
  return (
    <StaffDialog opened onClose={onClose} title={`Correct ${punch.name}’s punch`}>
      <form onSubmit={submit.onSubmit} noValidate aria-label="Correct a punch">
        <Stack gap="md">
          <Text size="sm">
            {punch.sessionName}: {punchTimes(punch)}. {timeHelp}
          </Text>
          <TimesFields form={form} />
          <DialogActions
            failure={submit.failure}
            onCancel={onClose}
            submit="Save correction"
            submitting={submit.submitting}
          />
        </Stack>
      </form>
    </StaffDialog>
  );
}

/**
 * The director adds a punch someone missed: the person, the room, the day, the clock-in and clock-out (empty:
 * still in) and a reason. `people` and `rooms` are the choices; `person` and `day` start the form.
 */
export function AddPunchDialog({
  people,
  rooms,
  person,
  day,
  onClose,
}: {
  people: { userId: string; name: string }[];
  rooms: { classSessionId: number; name: string }[];
  person?: string;
  day: string;
  onClose: () => void;
}) {
  const form = useForm<AddInput, unknown, z.output<typeof PunchAddFormSchema>>({
    resolver: zodResolver(PunchAddFormSchema),
    defaultValues: { userId: person ?? '', classSessionId: '', day, inAt: '', outAt: '', reason: '' },
  });
  const submit = useSubmit(form, {
    action: (values) => addPunch(values),
    fields: ['userId', 'classSessionId', 'day', 'inAt', 'outAt', 'reason'],
    success: (punch) => `${punch.name}’s missed punch is added.`,
    invalidate: [dutyKeys.all],
    onSuccess: onClose,
  });
  return (
    <StaffDialog opened onClose={onClose} title="Add a missed punch">
      <form onSubmit={submit.onSubmit} noValidate aria-label="Add a missed punch">
        <Stack gap="md">
          <Text size="sm">{timeHelp}</Text>
          <NativeSelectField
            form={form}
            name="userId"
            label="Staff member"
            required
            data={[
              { value: '', label: 'Choose a person' },
              ...people.map((p) => ({ value: p.userId, label: p.name })),
            ]}
          />
          <NativeSelectField
            form={form}
            name="classSessionId"
            label="Room"
            required
            data={[
              { value: '', label: 'Choose a room' },
              ...rooms.map((r) => ({ value: String(r.classSessionId), label: r.name })),
            ]}
          />
          <TimesFields form={form as unknown as FormOf<FixInput>} />
          <DialogActions
            failure={submit.failure}
            onCancel={onClose}
            submit="Add punch"
            submitting={submit.submitting}
          />
        </Stack>
      </form>
    </StaffDialog>
  );
}

/** The day, the two clock times and the reason, shared by both dialogs. */
function TimesFields({ form: f }: { form: FormOf<FixInput> }) {
  return (
    <>
      <TextField form={f} name="day" type="date" label="Day" required />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextField form={f} name="inAt" type="time" label="Clocked in" required />
        <TextField
          form={f}
          name="outAt"
          type="time"
          label="Clocked out"
          description="Leave empty if still here."
        />
      </SimpleGrid>
      <TextareaField
        form={f}
        name="reason"
        label="Reason"
        description="Kept with the correction and in the audit trail."
        required
        autosize
        minRows={2}
      />
    </>
  );
}
