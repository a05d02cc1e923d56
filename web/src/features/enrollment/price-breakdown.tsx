import type { LineItem } from '@lc/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/intl-locale.ts';
import { lineItemText } from './line-item-text.ts';

/** Cents with a true minus sign for a discount ("−$30.00"), as a price list prints it. */
const money = (cents: number) => (cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(cents));

/**
 * Line items (cents) as a table: each line with its unit price × quantity, then the total. Used for the
 * price of the chosen children before checkout and for what was paid after it. The lines' descriptions are
 * said in the language shown now (`lineItemText`).
 */
export function PriceBreakdown({
  items,
  total,
  caption,
  totalLabel,
}: {
  items: readonly LineItem[];
  /** Cents. */
  total: number;
  caption: string;
  totalLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Table captionSide="top" verticalSpacing="sm" horizontalSpacing={0} fz="md">
      <Table.Caption style={{ textAlign: 'start', marginBottom: 'var(--mantine-spacing-xs)' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('enroll.price.item')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('enroll.price.amount')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.description}>
            <Table.Td pr="md">
              {lineItemText(item.description)}
              <Text size="sm" c="dimmed">
                {money(item.unitAmount)} × {item.quantity}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {money(item.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row" fz="lg">
            {totalLabel ?? t('enroll.price.total')}
          </Table.Th>
          <Table.Td ta="right" fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
