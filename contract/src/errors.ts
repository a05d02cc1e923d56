/**
 * The error body every failing API call answers with (docs/architecture.md, API conventions):
 * `{ error: "Bad Request", message: "…", fields?: { firstName: "…" }, requestId: "…" }`.
 * `fields` maps a body field to the message to show beside it.
 */
import { z } from 'zod';

export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** Turn zod issues into `{ field: firstMessage }` (first message per top-level field wins). */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
