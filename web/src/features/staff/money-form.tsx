/**
 * What the director's money dialogs share (issue 10): amounts typed in dollars and checked in cents, the
 * required reason, and a submit that places the server's field errors by their fields (focus on the first).
 */
import { dollarsToCents, type StaffEnrollment } from '@lc/contract';
import { Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { notifySuccess } from '../forms/notify';
import { applyServerFieldErrors } from '../forms/use-server-field-errors';

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
 * Runs a dialog's request: places the server's field messages by the fields (focus on the first), or shows
 * the message in the dialog; answers whether it succeeded. `intercept` may take an error the dialog answers
 * itself (answering true).
 */
export function useSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  order: readonly Path<T>[],
  intercept?: (error: unknown) => boolean,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const run = async (request: () => Promise<string>): Promise<boolean> => {
    setFailure(null);
    try {
      notifySuccess(await request());
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      return true;
    } catch (error) {
      if (intercept?.(error)) return false;
      if (!applyServerFieldErrors(error, setError, order))
        setFailure(
          error instanceof ApiError
            ? error.message
            : 'That did not work. Please check your connection and try again.',
        );
      return false;
    }
  };
  return { failure, run };
}

/** The required "Reason" box of a refund, a withdrawal or a move. */
export function ReasonField({
  error,
  registration,
}: {
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return <Textarea label="Reason" required autosize minRows={2} error={error} {...registration} />;
}

/** A child's place in a session, as the withdraw and move dialogs open on it. */
export type ChildTarget = { classSessionId: number; sessionName: string; child: StaffEnrollment };
