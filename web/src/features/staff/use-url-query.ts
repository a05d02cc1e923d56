import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** New values for some of a list's parameters; `undefined` or `''` takes the parameter out of the URL. */
export type UrlQueryChanges<T> = Partial<Record<keyof T, string | number | undefined>>;

/**
 * A staff list's query kept in the page's URL, so a link to a filtered list works (issue 10).
 *
 * `query` is the URL parsed by `schema`. A bad value never breaks the page: the whole query falls back to the
 * schema's defaults, or with `keepValid` only the parameters that failed are dropped and the rest kept.
 * `update(changes)` writes some parameters (an `undefined` or `''` value, or the `blank` value such as "all",
 * removes it) and goes back to page 1 unless `page` is among the changes; `reset()` clears every parameter.
 */
export function useUrlQuery<T>(
  schema: z.ZodType<T>,
  options: { keepValid?: boolean; blank?: string } = {},
): { query: T; update: (changes: UrlQueryChanges<T>) => void; reset: () => void } {
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(schema, params, options.keepValid ?? false);

  // Each change builds on the address as the last change left it, not on this render's: React Router's own
  // functional form hands over the params of the render that made `setParams`, and its navigation renders in a
  // transition, so a filter applied at once and a form sent before that render would lose the filter.
  // `latest` follows the address whenever the address itself moves (a change landing, back and forward).
  const seen = useRef(params.toString());
  const latest = useRef(params);
  if (params.toString() !== seen.current) {
    seen.current = params.toString();
    latest.current = params;
  }
  const update = (changes: UrlQueryChanges<T>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (options.blank !== undefined && value === options.blank))
        next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    latest.current = next;
    setParams(next);
  };
  const reset = () => {
    latest.current = new URLSearchParams();
    setParams(latest.current);
  };

  return { query, update, reset };
}

function queryFromParams<T>(schema: z.ZodType<T>, params: URLSearchParams, keepValid: boolean): T {
  const raw: Record<string, string> = Object.fromEntries(params);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (keepValid) {
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const again = schema.safeParse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
    if (again.success) return again.data;
  }
  return schema.parse({});
}
