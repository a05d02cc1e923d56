/**
 * The signed forms endpoints of the API table (issue 26, part 2; decision 036; contract/src/endpoint.ts): the
 * director's forms (`/api/staff/forms…`), a session's signed forms and a signature's check for the staff, the
 * family's forms to sign (`/api/Forms…`), a signature and its PDF through a signed link.
 */
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { AttachmentLinkQuerySchema } from '../conversations.ts';
import { endpoint } from '../endpoint.ts';
import {
  FormDocumentQuerySchema,
  FormDocumentSchema,
  FormIdParamsSchema,
  FormInputSchema,
  FormSignatureSchema,
  FormsToSignSchema,
  SessionFormsSchema,
  SignatureIdParamsSchema,
  SignatureVerificationSchema,
  SignFormInputSchema,
  StaffFormListSchema,
  StaffFormSchema,
} from '../signed-forms.ts';

export const signedFormsApi = {
  /** Every form of every program, newest change first (the director). */
  staffForms: endpoint({ method: 'GET', path: '/api/staff/forms', status: 200, reply: StaffFormListSchema }),
  /** Write a new form (a draft of version 1). */
  createForm: endpoint({
    method: 'POST',
    path: '/api/staff/forms',
    body: FormInputSchema,
    status: 201,
    reply: StaffFormSchema,
  }),
  /** One form: its draft and published versions. */
  staffForm: endpoint({
    method: 'GET',
    path: '/api/staff/forms/:formId',
    params: FormIdParamsSchema,
    status: 200,
    reply: StaffFormSchema,
  }),
  /** Save the draft of the next version. */
  updateForm: endpoint({
    method: 'PUT',
    path: '/api/staff/forms/:formId',
    params: FormIdParamsSchema,
    body: FormInputSchema,
    status: 200,
    reply: StaffFormSchema,
  }),
  /** Publish the draft as the next immutable version. */
  publishForm: endpoint({
    method: 'POST',
    path: '/api/staff/forms/:formId/publish',
    params: FormIdParamsSchema,
    status: 200,
    reply: StaffFormSchema,
  }),
  /** Archive the form: no longer asked for, its signatures kept. */
  archiveForm: endpoint({
    method: 'POST',
    path: '/api/staff/forms/:formId/archive',
    params: FormIdParamsSchema,
    status: 200,
    reply: StaffFormSchema,
  }),
  /** Who in a session has signed which of its program's forms. */
  sessionForms: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/forms',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: SessionFormsSchema,
  }),
  /** A signature for the staff who may see the child. */
  staffSignature: endpoint({
    method: 'GET',
    path: '/api/staff/form-signatures/:signatureId',
    params: SignatureIdParamsSchema,
    status: 200,
    reply: FormSignatureSchema,
  }),
  /** Recompute the SHA-256 of the stored document and compare. */
  verifySignature: endpoint({
    method: 'GET',
    path: '/api/staff/form-signatures/:signatureId/verify',
    params: SignatureIdParamsSchema,
    status: 200,
    reply: SignatureVerificationSchema,
  }),
  /** The family's forms to sign and signed, per child. */
  familyForms: endpoint({ method: 'GET', path: '/api/Forms', status: 200, reply: FormsToSignSchema }),
  /** A form's current version to read and sign. */
  familyForm: endpoint({
    method: 'GET',
    path: '/api/Forms/:formId',
    params: FormIdParamsSchema,
    query: FormDocumentQuerySchema,
    status: 200,
    reply: FormDocumentSchema,
  }),
  /** Sign the current version. */
  signForm: endpoint({
    method: 'POST',
    path: '/api/Forms/:formId/Sign',
    params: FormIdParamsSchema,
    body: SignFormInputSchema,
    status: 201,
    reply: FormSignatureSchema,
  }),
  /** A signature of the family's. */
  familySignature: endpoint({
    method: 'GET',
    path: '/api/FormSignatures/:signatureId',
    params: SignatureIdParamsSchema,
    status: 200,
    reply: FormSignatureSchema,
  }),
  /** The signed PDF, through the signed link a signature gives. */
  signaturePdf: endpoint({
    method: 'GET',
    path: '/api/FormSignatures/:signatureId/Pdf',
    params: SignatureIdParamsSchema,
    query: AttachmentLinkQuerySchema,
    status: 200,
    reply: 'file',
  }),
};
