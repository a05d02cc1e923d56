/**
 * Query keys and options of the family's signed forms (issue 26; decision 036; docs/architecture.md "Web").
 */
import { queryOptions } from '@tanstack/react-query';
import { getFamilyForm, getFamilyForms } from '../signed-forms.ts';

export const signedFormKeys = {
  all: ['signed-forms'] as const,
  list: () => [...signedFormKeys.all, 'list'] as const,
  form: (formId: string, studentId: string | null) =>
    [...signedFormKeys.all, 'form', formId, studentId] as const,
};

export const signedFormQueries = {
  /** The family's forms to sign and signed. */
  list: () =>
    queryOptions({ queryKey: signedFormKeys.list(), queryFn: ({ signal }) => getFamilyForms(signal) }),
  /** One form's current version to read and sign, for a child or the family. */
  form: (formId: string, studentId: string | null) =>
    queryOptions({
      queryKey: signedFormKeys.form(formId, studentId),
      queryFn: ({ signal }) => getFamilyForm(formId, studentId, signal),
    }),
};
