import { type Closure, routes } from '@lc/contract';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { removeClosure } from '../../api/staff-calendar';
import { ScrollRegion } from '../staff/list-parts';
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
          <ScrollRegion label={`${month} on the calendar`}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Days</Table.Th>
                  <Table.Th scope="col">What happens</Table.Th>
                  <Table.Th scope="col">For</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                  {isDirector ? (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((closure) => (
                  <Table.Tr key={closure.id}>
                    <Table.Th scope="row">{formatClosureDays(closure)}</Table.Th>
                    <Table.Td>
                      <Badge
                        variant="filled"
                        radius="sm"
                        tt="none"
                        color={closure.kind === 'Closed' ? 'red.8' : 'honey.9'}
                      >
                        {closureWhat(closure)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {closure.classSessionId === null ? (
                        'The whole center'
                      ) : (
                        <Anchor component={Link} to={routes.staffSession(closure.classSessionId)}>
                          {closure.sessionName}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>{closure.reason}</Table.Td>
                    {isDirector ? (
                      <Table.Td>
                        <Group justify="flex-end">
                          <Button
                            size="compact-sm"
                            variant="default"
                            loading={remove.isPending && remove.variables?.id === closure.id}
                            onClick={() => remove.mutate(closure)}
                            aria-label={`Remove ${closure.reason}, ${formatClosureDays(closure)}`}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </section>
      ))}
    </Stack>
  );
}
