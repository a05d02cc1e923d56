/**
 * The `page` and `pageSize` query fields every paginated staff list shares (issue 10), so each list answers
 * a bad value with the same sentence.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema } from './fields.ts';

const PAGE_MESSAGE = fieldMessage('fields.common.usePageNumber1');

/** A 1-based page number from a query string (1 to 100,000); add `.default(1)` where the page is optional. */
export const pageNumber = z.coerce
  .number({ error: PAGE_MESSAGE })
  .int(PAGE_MESSAGE)
  .min(1, PAGE_MESSAGE)
  .max(100_000, PAGE_MESSAGE);

/**
 * How many rows a page shows (1 to 100), defaulting to `defaultSize`; a bad value answers
 * "Show between 1 and 100 <noun> a page." (`noun` is the plural, e.g. "payments").
 */
export function pageSizeField(noun: string, defaultSize: number) {
  const message = fieldMessage('fields.common.pageSize', { noun });
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(100, message)
    .default(defaultSize);
}

const DAY_MESSAGE = fieldMessage('fields.common.useDate20261120');

/**
 * A list's "from" or "to" filter: a real calendar day "YYYY-MM-DD" in 1900–2199 (read in the center's time
 * zone by the server), through the contract's one date field.
 */
export const dayFilter = calendarDateSchema(DAY_MESSAGE);

/** `dir` of a sortable list: "asc" (the default) or "desc". */
export type SortDirection = 'asc' | 'desc';

/**
 * The `sort` and `dir` query fields of a list whose table orders by a column (issue 24, decision 030): `sort`
 * is one of `keys` (the table's sortable column ids), defaulting to `byDefault`; `dir` is "asc" or "desc",
 * defaulting to `dirDefault`. A bad value answers "Sort by parent, email or joined." by the field.
 */
export function listSortFields<const K extends readonly [string, ...string[]]>(
  keys: K,
  byDefault: K[number],
  dirDefault: SortDirection = 'asc',
) {
  const choices = keys.length > 1 ? `${keys.slice(0, -1).join(', ')} or ${keys.at(-1)}` : keys[0];
  return {
    sort: z
      .enum(keys, { error: fieldMessage('fields.common.sortBy', { choices }) })
      .default(byDefault as never),
    dir: z.enum(['asc', 'desc'], { error: fieldMessage('fields.common.sortDirection') }).default(dirDefault),
  };
}
