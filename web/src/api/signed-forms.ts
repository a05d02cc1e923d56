/**
 * Forms families sign (issue 26, part 2; decision 036), called by their rows in the API table
 * (`signedFormsApi`, contract/src/api/signed-forms.ts): the family's forms to sign, one form's current version,
 * signing it, and a signature. Query options and keys are in `queries/signed-forms.ts`.
 */
import {
  type FormDocument,
  type FormSignature,
  type FormToSign,
  type SignFormInput,
  signedFormsApi,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET the family's forms to sign and signed, per child, to sign first. */
export const getFamilyForms = (signal?: AbortSignal): Promise<FormToSign[]> =>
  callApi(signedFormsApi.familyForms, { signal });

/** GET a form's current version for `studentId` (absent for a family form). */
export const getFamilyForm = (
  formId: string,
  studentId: string | null,
  signal?: AbortSignal,
): Promise<FormDocument> =>
  callApi(signedFormsApi.familyForm, { params: { formId }, query: studentId ? { studentId } : {}, signal });

/** POST a signature of the current version; 400 by the field, 409 when a newer version was published. */
export const signFamilyForm = (formId: string, body: SignFormInput): Promise<FormSignature> =>
  callApi(signedFormsApi.signForm, { params: { formId }, body });
