/**
 * Shared `Intl` formatting for the browser, the server renderer and the API (issue 12).
 *
 * - Building a formatter costs far more than using one: each distinct locale and options is built once.
 * - The first `Intl` formatter a browser page builds costs about 40 ms on this machine (ICU starts up), a
 *   long task Lighthouse counts against a phone on every page that shows a date or a price. So the server
 *   renderer records what it formatted ({@link recordFormats}), the page carries those results in its page
 *   data, and the browser replays them while hydrating ({@link seedFormats}): hydration builds no formatter
 *   at all, and `Intl` starts only when something new is formatted. Formatting is a pure function of locale,
 *   options and value, so a replayed result is exactly what `Intl` would give.
 */

/** The one method callers use: `Intl.*Format#format`. */
export type Formatter<V> = { format(value: V): string };

const built = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();
/** Results replayed from the server's render, by {@link resultKey}. */
const seeded = new Map<string, string>();
/** Renders in progress on the server, each collecting every result formatted while it runs. */
const recorders = new Set<Map<string, string>>();

function resultKey(formatKey: string, value: unknown): string {
  const shown = value instanceof Date ? String(value.getTime()) : JSON.stringify(value);
  return `${formatKey}|${shown}`;
}

function formatter<V, F extends { format(value: V): string }>(
  kind: string,
  locale: string,
  options: object,
  build: () => F,
): Formatter<V> {
  const formatKey = `${kind}|${locale}|${JSON.stringify(options)}`;
  return {
    format(value: V): string {
      const key = resultKey(formatKey, value);
      const replayed = seeded.get(key);
      if (replayed !== undefined) return replayed;
      let intl = built.get(formatKey) as F | undefined;
      if (!intl) {
        intl = build();
        built.set(formatKey, intl as unknown as Intl.DateTimeFormat);
      }
      const result = intl.format(value);
      for (const recorder of recorders) recorder.set(key, result);
      return result;
    },
  };
}

/** `new Intl.DateTimeFormat(locale, options)`, built once. `format` throws RangeError for an unknown `timeZone`. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Formatter<Date | number> {
  return formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, built once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Formatter<number> {
  return formatter('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.ListFormat(locale, options)`, built once. */
export function listFormat(
  locale: string,
  options: Intl.ListFormatOptions = {},
): Formatter<readonly string[]> {
  return formatter('list', locale, options, () => new Intl.ListFormat(locale, options));
}

/**
 * "$1,234.50" from cents (spec §3: money is stored and sent as integer cents), in US English or, with
 * `locale` 'es-US', US Spanish (the same figures: dollars are written the same way).
 */
export function formatCents(cents: number, locale = 'en-US'): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Formatting results a server render recorded: result key → text. */
export type FormatResults = Record<string, string>;

/**
 * Run `render` (the server renderer's page render) and answer, with its result, every formatting result
 * made while it ran. Renders running at the same time each receive the others' results too: a page's
 * results are always all there, at worst with a few it does not need.
 */
export async function recordFormats<T>(render: () => Promise<T>): Promise<[T, FormatResults]> {
  const recorder = new Map<string, string>();
  recorders.add(recorder);
  try {
    const result = await render();
    return [result, Object.fromEntries(recorder)];
  } finally {
    recorders.delete(recorder);
  }
}

/** Replay a server render's results in the browser before hydrating; anything not a string map is ignored. */
export function seedFormats(results: unknown): void {
  if (typeof results !== 'object' || results === null) return;
  for (const [key, text] of Object.entries(results)) if (typeof text === 'string') seeded.set(key, text);
}
