/**
 * Row selection on a staff table (issue 24, "row selection for bulk actions"): a checkbox on each row named
 * for whom it is about ("Select Lily Chen"), "Select all on this page" in the head, and the bar that appears
 * once rows are chosen, saying how many ("3 families selected") with the list's bulk actions and Clear. The
 * same parts serve the roster and the families search. Everything is a native control: Tab reaches each box
 * and button, Space ticks a box; the count is announced politely as it changes.
 */
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../staff/staff.module.css';

/** "Select all on this page": ticked when every row shown is chosen, half-ticked when some are. */
export function SelectAllCheckbox({
  ids,
  isSelected,
  onToggleAll,
}: {
  /** The ids of the rows shown. */
  ids: readonly string[];
  isSelected: (id: string) => boolean;
  onToggleAll: () => void;
}) {
  const chosen = ids.filter(isSelected).length;
  return (
    <Checkbox
      aria-label="Select all on this page"
      checked={ids.length > 0 && chosen === ids.length}
      indeterminate={chosen > 0 && chosen < ids.length}
      onChange={onToggleAll}
      disabled={ids.length === 0}
    />
  );
}

/** One row's box, named for whom the row is about (`name`: "Lily Chen" → "Select Lily Chen"). */
export function SelectRowCheckbox({
  name,
  checked,
  onToggle,
}: {
  name: string;
  checked: boolean;
  onToggle: () => void;
}) {
  return <Checkbox aria-label={`Select ${name}`} checked={checked} onChange={onToggle} />;
}

/**
 * The bar over a table while rows are chosen: "`count` `noun` selected", the bulk actions (`children`), and
 * Clear selection. Nothing shows while none is chosen; the live region stays so the count is announced.
 */
export function SelectionBar({
  count,
  noun,
  onClear,
  children,
}: {
  count: number;
  /** What a row is, one and several: ['family', 'families'], ['child', 'children']. */
  noun: readonly [string, string];
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div aria-live="polite" className={classes.noPrint}>
      {count > 0 ? (
        <Paper withBorder radius="md" p="sm" component="section" aria-label="Bulk actions">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fw={600}>
              {count} {count === 1 ? noun[0] : noun[1]} selected
            </Text>
            <Group gap="xs" wrap="wrap">
              {children}
              <Button variant="subtle" size="compact-sm" onClick={onClear}>
                Clear selection
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
    </div>
  );
}
