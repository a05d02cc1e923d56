import { formatCents } from '@lc/contract';
import { Paper, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';

/**
 * A money list's totals over everything its filters match (not only the page shown): a description list of
 * cards named "Totals", each a label and an amount (`[label, cents]`, shown as dollars).
 */
export function MoneyTotals({
  items,
  cols,
}: {
  items: ReadonlyArray<readonly [string, number]>;
  cols: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid cols={cols} component="dl" aria-label="Totals" m={0}>
      {items.map(([label, cents]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {formatCents(cents)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
