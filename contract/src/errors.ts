/**
 * The error body every failing API call answers with (docs/architecture.md, API conventions):
 * `{ error: "Bad Request", code: "request.invalidFields", params?: {…}, message: "…", fields?: { firstName: "…" },
 * requestId: "…" }`. `code` and `params` are stable (api-errors.ts); `message` is their sentence in the caller's
 * language; `fields` maps a body field to the message to show beside it.
 */
import { z } from 'zod';

export const ApiErrorSchema = z.object({
  error: z.string(),
  /** The error's stable code (api-errors.ts), e.g. `auth.loginFailed`. */
  code: z.string().optional(),
  /** The parts its sentence names, e.g. `{ count: 12 }`. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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
