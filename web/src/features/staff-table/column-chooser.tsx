/**
 * Choosable columns on the staff lists (issue 24: "choosable columns remembered per person"). A person picks
 * which of a list's columns the screen shows; the choice is remembered for that person in this browser
 * (localStorage, keyed by the list and their account). The printed page and the CSV always carry every column.
 */
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { getToken, readClaims } from '../../lib/auth-token';

/**
 * The columns the signed-in person has left off the screen of list `list` ("roster", "payments"), starting
 * from `byDefault`; `setHidden` changes them.
 */
export function useHiddenColumns<Id extends string>(list: string, byDefault: readonly Id[] = []) {
  const person = readClaims(getToken())?.sub ?? 'anyone';
  const [hidden, setHidden] = useLocalStorage<Id[]>({
    key: `lc.staff.${list}-hidden-columns.${person}`,
    defaultValue: [...byDefault],
    getInitialValueInEffect: false,
  });
  return { hidden: new Set<Id>(hidden), setHidden };
}

/**
 * The "Columns" button and its checkboxes: every column but the first (the row's name) can be left off.
 * `columns` are the list's column names in order.
 */
export function ColumnChooser<Id extends string>({
  columns,
  hidden,
  onChange,
  description = 'Printed pages and CSV files always have every column.',
}: {
  columns: ReadonlyArray<{ id: Id; header: string }>;
  hidden: ReadonlySet<Id>;
  onChange: (hidden: Id[]) => void;
  description?: string;
}) {
  const choosable = columns.slice(1);
  const shown = choosable.filter((c) => !hidden.has(c.id)).map((c) => c.id);
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
          description={description}
          value={shown}
          onChange={(values) => onChange(choosable.filter((c) => !values.includes(c.id)).map((c) => c.id))}
        >
          <Stack gap={6} mt="xs">
            {choosable.map((column) => (
              <Checkbox key={column.id} value={column.id} label={column.header} />
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
