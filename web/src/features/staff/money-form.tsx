/**
 * What the director's money dialogs share (issue 10): amounts typed in dollars and checked in cents, the
 * required reason, and what a dialog says when its request fails. The dialogs submit through the form kit's
 * useSubmit (docs/architecture.md, "Forms").
 */
import { dollarsToCents, type StaffEnrollment } from '@lc/contract';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { failureMessage } from '../forms/feedback';
import { type Bound, TextareaField } from '../forms/fields';

/** A money field in dollars: a valid amount, then the range in cents. */
export const dollars = (min: number, max: number, messages: { format: string; min: string; max: string }) =>
  z
    .string()
    .trim()
    .refine((v) => dollarsToCents(v) !== null, messages.format)
    .refine((v) => (dollarsToCents(v) ?? 0) >= min, messages.min)
    .refine((v) => (dollarsToCents(v) ?? 0) <= max, messages.max);

/** A required reason (under 500 characters): "Please say why `what`." when empty. */
export const reason = (what: string) =>
  z.string().trim().min(1, `Please say why ${what}.`).max(500, 'Please keep this under 500 characters.');

/**
 * A money dialog's alert for a failure no field explains (useSubmit's `alert`): the server's sentence, or
 * the back office's English "check your connection" when the server was not reached.
 */
export const dialogFailure = (error: unknown): string =>
  failureMessage(error, 'That did not work. Please check your connection and try again.');

/** The required "Reason" box of a refund, a withdrawal or a move. */
export function ReasonField<T extends FieldValues>({ form, name }: Bound<T>) {
  return <TextareaField form={form} name={name} label="Reason" required autosize minRows={2} />;
}

/** A child's place in a session, as the withdraw and move dialogs open on it. */
export type ChildTarget = { classSessionId: number; sessionName: string; child: StaffEnrollment };
