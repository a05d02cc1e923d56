import { type Closure, routes } from '@lc/contract';
import { Anchor, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { removeClosure } from '../../api/staff-calendar';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';
import { closureWhat, formatClosureDays } from './closure-format';
import { useRemoval } from './use-removal';

const monthOf = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The closures grouped by the month they start in, in order: [["December 2026", […]], …]. */
export function byMonth(closures: readonly Closure[]): Array<[string, Closure[]]> {
  const groups = new Map<string, Closure[]>();
  for (const c of closures) {
    const month = monthOf.format(new Date(`${c.startsOn}T12:00:00Z`));
    groups.set(month, [...(groups.get(month) ?? []), c]);
  }
  return [...groups];
}

/** The closures table's columns (decision 030): days, what happens, for whom, why. */
const columns: ReadonlyArray<StaffColumn<Closure>> = [
  { id: 'days', header: 'Days', cell: formatClosureDays },
  {
    id: 'what',
    header: 'What happens',
    cell: (closure) => (
      <Badge variant="filled" radius="sm" tt="none" color={closure.kind === 'Closed' ? 'red.8' : 'honey.9'}>
        {closureWhat(closure)}
      </Badge>
    ),
  },
  {
    id: 'for',
    header: 'For',
    cell: (closure) =>
      closure.classSessionId === null ? (
        'The whole center'
      ) : (
        <Anchor component={Link} to={routes.staffSession(closure.classSessionId)}>
          {closure.sessionName}
        </Anchor>
      ),
  },
  { id: 'reason', header: 'Reason', cell: (closure) => closure.reason },
];

/**
 * The calendar's list (issue 24): each month's closures and early dismissals with their days, what happens,
 * for whom and why; the director can remove one (Remove names it, and asks nothing more: adding it back is
 * one form away).
 */
export function ClosureList({ closures, isDirector }: { closures: readonly Closure[]; isDirector: boolean }) {
  const remove = useRemoval((closure: Closure) => removeClosure(closure.id), {
    done: (closure) => `${closure.reason} is off the calendar.`,
    gone: 'That day was already off the calendar.',
    failed: 'The closure could not be removed. Please try again.',
  });
  if (closures.length === 0)
    return (
      <Text>
        Nothing is on the calendar yet: every session meets on its usual days.
        {isDirector ? ' Add holidays, training days and early dismissals, and families will see them.' : ''}
      </Text>
    );
  return (
    <Stack gap="lg">
      {byMonth(closures).map(([month, items]) => (
        <section key={month} aria-labelledby={`month-${month.replace(' ', '-')}`}>
          <Title order={3} size="h4" id={`month-${month.replace(' ', '-')}`} mb="xs">
            {month}
          </Title>
          <StaffTable
            label={`${month} on the calendar`}
            rows={items}
            rowId={(closure) => String(closure.id)}
            columns={columns}
            actions={
              isDirector
                ? (closure) => (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={remove.isPending && remove.variables?.id === closure.id}
                      onClick={() => remove.mutate(closure)}
                      aria-label={`Remove ${closure.reason}, ${formatClosureDays(closure)}`}
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
    </Stack>
  );
}
