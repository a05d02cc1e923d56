import { routes, type StaffTourSlot } from '@lc/contract';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { removeTourSlot } from '../../api/staff-calendar';
import { failureMessage } from '../forms/feedback';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { StaffDialog } from '../staff/staff-dialog';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';
import { formatTour, formatTourDay, formatTourTimes } from './tour-format';
import { useRemoval } from './use-removal';

/** The slots grouped by the center's day they fall on, in order: [["Monday, November 23, 2026", […]], …]. */
export function byDay(slots: readonly StaffTourSlot[]): Array<[string, StaffTourSlot[]]> {
  const groups = new Map<string, StaffTourSlot[]>();
  for (const s of slots) {
    const day = formatTourDay(s.startsAt);
    groups.set(day, [...(groups.get(day) ?? []), s]);
  }
  return [...groups];
}

function Who({ slot }: { slot: StaffTourSlot }) {
  if (slot.bookings.length > 0)
    return (
      <Stack gap={2}>
        {slot.bookings.map((b) => (
          <Anchor key={b.itemId} component={Link} to={routes.staffInboxItem(b.itemId)} size="sm">
            {b.familyName}
            {b.childName ? ` (${b.childName})` : ''}
          </Anchor>
        ))}
      </Stack>
    );
  if (slot.booked > 0)
    return <Text size="sm">{slot.booked === 1 ? '1 family' : `${slot.booked} families`}</Text>;
  return (
    <Text size="sm" c="dimmed">
      Free
    </Text>
  );
}

/** The tour times table's columns (decision 030): the time (and a closure that keeps it off), places, who. */
const TOUR_COLUMNS: ReadonlyArray<StaffColumn<StaffTourSlot>> = [
  {
    id: 'time',
    header: 'Time',
    cell: (slot) => (
      <>
        {formatTourTimes(slot)}
        {slot.closedFor ? (
          <Badge ml="xs" variant="filled" radius="sm" tt="none" color="red.8">
            Not offered: closed for {slot.closedFor}
          </Badge>
        ) : null}
      </>
    ),
  },
  { id: 'places', header: 'Places', cell: (slot) => `${slot.booked} of ${slot.capacity} taken` },
  { id: 'who', header: 'Booked by', cell: (slot) => <Who slot={slot} /> },
];

/**
 * The published tour times (decision 028), day by day: the time, how many places are taken, who booked (a
 * link to their message, for someone with the inbox) and a closure that keeps it off the form. The director
 * removes a free time at once; a booked one asks first, as its families are emailed.
 */
export function TourSlotList({
  slots,
  isDirector,
}: {
  slots: readonly StaffTourSlot[];
  isDirector: boolean;
}) {
  const [confirming, setConfirming] = useState<StaffTourSlot | null>(null);
  const remove = useRemoval((slot: StaffTourSlot) => removeTourSlot(slot.id), {
    done: () => 'The tour time is removed.',
    gone: 'That tour time was already removed.',
    failed: 'The tour time could not be removed. Please try again.',
  });
  if (slots.length === 0)
    return (
      <Text>
        No tour times are published: families asking for a tour choose “we will call you”.
        {isDirector ? ' Publish a few times and families can pick one themselves.' : ''}
      </Text>
    );
  return (
    <Stack gap="lg">
      {byDay(slots).map(([day, items], index) => (
        <section key={day} aria-labelledby={`tour-day-${index}`}>
          <Title order={3} size="h5" id={`tour-day-${index}`} mb="xs">
            {day}
          </Title>
          <StaffTable
            label={`Tour times on ${day}`}
            rows={items}
            rowId={(slot) => String(slot.id)}
            columns={TOUR_COLUMNS}
            actions={
              isDirector
                ? (slot) => (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={remove.isPending && remove.variables?.id === slot.id}
                      onClick={() => (slot.booked > 0 ? setConfirming(slot) : remove.mutate(slot))}
                      aria-label={`Remove the tour time ${formatTour(slot)}`}
                    >
                      Remove
                    </Button>
                  )
                : undefined
            }
            empty={null}
          />
        </section>
      ))}
      <RemoveBookedDialog slot={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

/**
 * Removing a booked time: says who will be emailed (an apology with a link to choose another time, in their
 * language, kept in their message's thread) before anything happens.
 */
function RemoveBookedDialog({ slot, onClose }: { slot: StaffTourSlot | null; onClose: () => void }) {
  const shown = useRef(slot);
  if (slot) shown.current = slot;
  const current = shown.current;
  const form = useForm();
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: () => removeTourSlot(current!.id),
    fields: [],
    success: 'The tour time is removed and the family is emailed.',
    invalidate: [staffKeys.all],
    onSuccess: onClose,
    alert: (error) => failureMessage(error, 'We could not remove it. Please try again.'),
  });
  const families =
    current && current.bookings.length > 0
      ? current.bookings.map((b) => b.familyName).join(', ')
      : current?.booked === 1
        ? 'The family who booked it'
        : 'The families who booked it';
  return (
    <StaffDialog
      opened={slot !== null}
      onClose={() => {
        if (!submitting) onClose();
      }}
      title="Remove a booked tour time?"
    >
      {current ? (
        <form onSubmit={onSubmit}>
          <Stack>
            <Text size="sm">
              {formatTour(current)}. {families} will get an email saying we are sorry and cannot welcome them
              then, with a link to choose another time. The email is kept in their message.
            </Text>
            <FormFailure failure={failure} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={submitting} data-autofocus>
                Keep the time
              </Button>
              <Button type="submit" color="red" loading={submitting}>
                Remove and email
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </StaffDialog>
  );
}
