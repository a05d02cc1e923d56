import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * A list's "From / To / Apply dates" filter (calendar dates "YYYY-MM-DD"), as the payments and attendance
 * lists use it. The typed dates are the caller's state (so its "clear filters" can empty them); an end
 * before the start is said by the To field and not applied.
 */
export function DateRangeFilter({
  from,
  to,
  onFrom,
  onTo,
  onApply,
}: {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const rangeError = from && to && from > to ? 'The end date must be on or after the start date.' : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!rangeError) onApply({ from, to });
      }}
      aria-label="Date range"
    >
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput type="date" label="From" value={from} onChange={(e) => onFrom(e.currentTarget.value)} />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => onTo(e.currentTarget.value)}
          error={rangeError}
        />
        <Button type="submit" variant="default" mt={25}>
          Apply dates
        </Button>
      </Group>
    </form>
  );
}

/**
 * The typed dates of a `DateRangeFilter` ("YYYY-MM-DD"), starting from the URL's (`from`, `to`); `clear`
 * empties both, for a list's "Clear filters".
 */
export function useDateRange(initial: { from?: string; to?: string }) {
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const clear = () => {
    setFrom('');
    setTo('');
  };
  return { from, to, setFrom, setTo, clear };
}
