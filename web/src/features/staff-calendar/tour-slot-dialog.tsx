import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_TOUR_WEEKS, type TourSlotInput, TourSlotInputSchema } from '@lc/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { addTourSlots } from '../../api/staff-calendar';
import { NativeSelectField, TextField } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/** The form's values as typed: numbers are chosen as text. */
type TourSlotForm = { date: string; time: string; minutes: string; capacity: string; weeks: string };

/** The form's values read as the API's input, then checked by the contract's own rules (field by field). */
const tourSlotResolver = zodResolver(
  z.preprocess((value) => {
    const v = value as TourSlotForm;
    return { ...v, minutes: Number(v.minutes), capacity: Number(v.capacity), weeks: Number(v.weeks) };
  }, TourSlotInputSchema) as unknown as z.ZodType<TourSlotInput, TourSlotForm>,
) as Resolver<TourSlotForm, unknown, TourSlotInput>;

const LENGTHS = [30, 45, 60, 90].map((m) => ({ value: String(m), label: `${m} minutes` }));
const PLACES = [1, 2, 3, 4, 5, 6].map((n) => ({
  value: String(n),
  label: n === 1 ? '1 family' : `${n} families`,
}));
const WEEKS = Array.from({ length: MAX_TOUR_WEEKS }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? 'Just this day' : `Every week for ${i + 1} weeks`,
}));

/**
 * The director's "Publish a tour time" dialog (decision 028): the day and start time (the center's clock),
 * how long, how many families, and whether to repeat it on the same weekday for some weeks. Errors sit by
 * their fields, focus on the first; a time already published or already past is told by the time.
 */
export function TourSlotDialog({
  opened,
  today,
  onClose,
}: {
  opened: boolean;
  today: string;
  onClose: () => void;
}) {
  const form = useForm<TourSlotForm, unknown, TourSlotInput>({
    resolver: tourSlotResolver,
    defaultValues: { date: today, time: '10:00', minutes: '45', capacity: '1', weeks: '1' },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: addTourSlots,
    fields: ['date', 'time', 'minutes', 'capacity', 'weeks'],
    success: (slots) =>
      slots.length === 1
        ? 'The tour time is published: families can choose it now.'
        : `${slots.length} tour times are published: families can choose them now.`,
    invalidate: [staffKeys.all],
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <StaffDialog opened={opened} onClose={onClose} size="lg" title="Publish a tour time">
      <form onSubmit={onSubmit} noValidate aria-label="Publish a tour time">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextField form={form} name="date" type="date" label="Day" required />
            <TextField
              form={form}
              name="time"
              type="time"
              label="Starts at"
              description="The center’s time."
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelectField form={form} name="minutes" label="Length" data={LENGTHS} />
            <NativeSelectField
              form={form}
              name="capacity"
              label="Families per tour"
              description="Usually one family at a time."
              data={PLACES}
            />
          </SimpleGrid>
          <NativeSelectField
            form={form}
            name="weeks"
            label="Repeat"
            description="The same weekday and time each week."
            data={WEEKS}
          />
          <FormFailure failure={failure} />
          <DialogActions onCancel={onClose} submit="Publish" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
