/**
 * The form kit's submit (issue 22, item 4; docs/architecture.md, "Forms"): one path from a form's request to
 * what the person sees, the same on every page.
 * - The browser's checks run first (react-hook-form with the contract's zod schema); nothing is sent until
 *   they pass, and focus goes to the first field in error.
 * - On success: the queries named in `invalidate` are refreshed, the `success` toast is shown, `onSuccess` runs.
 * - On failure, in this order: `intercept` may answer the error itself (a conflict the form explains in its
 *   own way); the `failureToast` is shown if the form has one (spec §8's generic messages); the server's
 *   field messages go beside their fields, focus on the first, in the order of `fields`; anything else is
 *   put in the form's alert ({@link FormFailure}): `alert(error)`, by default the server's own sentence or,
 *   when the server was not reached, "check your connection" in the reader's language.
 * - Offline (the browser says so and the server was not reached; issue 25), every form says the same in a
 *   toast: the person is offline and nothing was sent; what they typed stays in the form.
 */
import { Alert } from '@mantine/core';
import { QueryClientContext, type QueryKey } from '@tanstack/react-query';
import type { BaseSyntheticEvent } from 'react';
import { useCallback, useContext, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failedOffline, failureFields, failureMessage } from './feedback';
import { notifyError, notifySuccess } from './notify';

/** What a form does when it is sent; `TOut` is the form's values after its schema, `TResult` the reply. */
export type SubmitOptions<TIn extends FieldValues, TOut, TResult> = {
  /** The request. Its result goes to `success` and `onSuccess`; a throw is a failure. */
  action: (values: TOut) => Promise<TResult>;
  /** The form's fields in the order it shows them: the server's messages go beside these, focus on the first. */
  fields: readonly FieldPath<TIn>[];
  /** A toast after success: a text, or one made from the reply and the values sent. */
  success?: string | ((result: TResult, values: TOut) => string);
  /** Query keys to refresh after success (before `onSuccess`, so a page the person goes to is current). */
  invalidate?: readonly QueryKey[];
  /** What happens next (navigate, close the dialog…). */
  onSuccess?: (result: TResult, values: TOut) => void | Promise<void>;
  /** An error the form answers itself; return true to stop there (no toast, no alert). */
  intercept?: (error: unknown) => boolean;
  /** A toast on every failure (e.g. spec §8's generic message), besides the field messages or the alert. */
  failureToast?: string | ((error: unknown) => string | null);
  /** The alert's text for a failure no field explains; null shows none. Default: {@link failureMessage}. */
  alert?: (error: unknown) => string | null;
  /** After any failure, once the person has been told (e.g. a new idempotency key for the next try). */
  onFailure?: (error: unknown) => void;
};

/** What {@link useSubmit} gives the form. */
export type Submit = {
  /** The form's `onSubmit` handler. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The alert's text after a failure no field explains; null otherwise (cleared at each new try). */
  failure: string | null;
  /** True while the request is in flight (for the button's loading state). */
  submitting: boolean;
};

/**
 * Binds `form` to its request; see the module comment for the order of what happens. The options are read
 * when the form is sent, so they may close over the latest state without a dependency list.
 */
export function useSubmit<TIn extends FieldValues, TOut, TResult>(
  // biome-ignore lint/suspicious/noExplicitAny: the form's context type plays no part here.
  form: UseFormReturn<TIn, any, TOut>,
  options: SubmitOptions<TIn, TOut, TResult>,
): Submit {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  // A page rendered without a query client (a test of one form) simply has nothing to refresh.
  const queryClient = useContext(QueryClientContext);
  const latest = useRef(options);
  latest.current = options;
  const { handleSubmit, setError } = form;

  const send = useCallback(
    async (values: TOut) => {
      const current = latest.current;
      setFailure(null);
      let result: TResult;
      try {
        result = await current.action(values);
      } catch (error) {
        if (current.intercept?.(error)) return;
        if (failedOffline(error)) {
          // One toast, the channel every form has (some forms show no alert): instead of the form's own
          // failure toast and alert, which would say something went wrong.
          notifyError(t('offline.notSent'));
          current.onFailure?.(error);
          return;
        }
        const toast =
          typeof current.failureToast === 'function' ? current.failureToast(error) : current.failureToast;
        if (toast) notifyError(toast);
        if (!placeFieldErrors(error, setError, current.fields)) {
          const alert = current.alert ?? ((e: unknown) => failureMessage(e, t('toast.offline')));
          setFailure(alert(error));
        }
        current.onFailure?.(error);
        return;
      }
      if (current.invalidate && queryClient)
        await Promise.all(current.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const success =
        typeof current.success === 'function' ? current.success(result, values) : current.success;
      if (success) notifySuccess(success);
      await current.onSuccess?.(result, values);
    },
    [queryClient, setError, t],
  );

  return {
    onSubmit: handleSubmit(send),
    failure,
    submitting: form.formState.isSubmitting,
  };
}

/**
 * Puts the server's field messages (a 400 or 409 reply's `fields`) beside the fields of `order` that have
 * one, focus on the first in the form's order. Returns whether any was placed: a message for a field the
 * form does not show is left to the alert.
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormReturn<T>['setError'],
  order: readonly FieldPath<T>[],
): boolean {
  const fields = failureFields(error);
  const withMessage = order.filter((name) => Boolean(fields[name]));
  withMessage.forEach((name, index) => {
    setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 });
  });
  return withMessage.length > 0;
}

/** The form's alert for a failure no field explains (announced by screen readers as it appears). */
export function FormFailure({ failure }: { failure: string | null | undefined }) {
  return failure ? (
    <Alert color="red" variant="light" role="alert">
      {failure}
    </Alert>
  ) : null;
}
