import { Button, Group, TextInput } from '@mantine/core';

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
