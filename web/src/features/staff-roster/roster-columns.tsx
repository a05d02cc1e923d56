/**
 * The roster's choosable columns (issue 24): the director or teacher picks which of the roster's columns the
 * screen shows; the choice is remembered for that person in this browser (localStorage, keyed by their
 * account), and the printed roster and the CSV always carry every column. By default the screen leaves out
 * what a busy morning does not need at a glance (date of birth, parent emails, enrolled on), so the rest with
 * Today and Actions fit beside the sidebar at 1280 px.
 */
import type { RosterColumn } from '@lc/contract';
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { getToken, readClaims } from '../../lib/auth-token';

/** Shown on screen until a person chooses otherwise (the child's name is always shown). */
export const ROSTER_SCREEN_HIDDEN: readonly RosterColumn[] = [
  'Date of birth',
  'Parent emails',
  'Enrolled on',
];

/** The columns `person` has hidden on screen, remembered per account; `setHidden` changes them. */
export function useHiddenRosterColumns() {
  const person = readClaims(getToken())?.sub ?? 'anyone';
  const [hidden, setHidden] = useLocalStorage<RosterColumn[]>({
    key: `lc.staff.roster-hidden-columns.${person}`,
    defaultValue: [...ROSTER_SCREEN_HIDDEN],
    getInitialValueInEffect: false,
  });
  return { hidden: new Set<RosterColumn>(hidden), setHidden };
}

/** The "Columns" button and its list of checkboxes; every column but the child's name can be hidden. */
export function RosterColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly RosterColumn[];
  hidden: ReadonlySet<RosterColumn>;
  onChange: (hidden: RosterColumn[]) => void;
}) {
  const choosable = columns.filter((c) => c !== 'Child');
  const shown = choosable.filter((c) => !hidden.has(c));
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="compact-sm">
          Columns ({shown.length + 1} of {columns.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Columns on screen"
          description="The printed roster and the CSV always have every column."
          value={shown}
          onChange={(values) => onChange(choosable.filter((c) => !values.includes(c)))}
        >
          <Stack gap={6} mt="xs">
            {choosable.map((column) => (
              <Checkbox key={column} value={column} label={column} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="dimmed" mt="sm">
          Remembered for you on this device.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
