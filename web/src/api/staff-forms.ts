/**
 * The staff's signed forms (issue 26, part 2; decision 036), called by their rows in the API table
 * (`signedFormsApi`): the director's forms and versions, a session's signed forms, a signature's check. Keys
 * are `staffFormKeys` below; the pages build their query options from them.
 */
import {
  type FormInput,
  type SessionForms,
  type SignatureVerification,
  type StaffForm,
  type StaffFormRow,
  signedFormsApi,
} from '@lc/contract';
import { callApi } from './call.ts';

export const staffFormKeys = {
  all: ['staff', 'forms'] as const,
  list: () => [...staffFormKeys.all, 'list'] as const,
  form: (formId: string) => [...staffFormKeys.all, 'form', formId] as const,
  session: (classSessionId: number) => [...staffFormKeys.all, 'session', classSessionId] as const,
};

export const getStaffForms = (signal?: AbortSignal): Promise<StaffFormRow[]> =>
  callApi(signedFormsApi.staffForms, { signal });

export const getStaffForm = (formId: string, signal?: AbortSignal): Promise<StaffForm> =>
  callApi(signedFormsApi.staffForm, { params: { formId }, signal });

/** POST a new form (`formId` null) or PUT the draft of the next version. */
export const saveStaffForm = (formId: string | null, body: FormInput): Promise<StaffForm> =>
  formId === null
    ? callApi(signedFormsApi.createForm, { body })
    : callApi(signedFormsApi.updateForm, { params: { formId }, body });

export const publishStaffForm = (formId: string): Promise<StaffForm> =>
  callApi(signedFormsApi.publishForm, { params: { formId } });

export const archiveStaffForm = (formId: string): Promise<StaffForm> =>
  callApi(signedFormsApi.archiveForm, { params: { formId } });

export const getSessionForms = (classSessionId: number, signal?: AbortSignal): Promise<SessionForms> =>
  callApi(signedFormsApi.sessionForms, { params: { classSessionId }, signal });

export const verifySignature = (signatureId: string): Promise<SignatureVerification> =>
  callApi(signedFormsApi.verifySignature, { params: { signatureId } });
