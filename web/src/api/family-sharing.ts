/**
 * Co-parents (issue 13): who shares the family, invitations, accepting a link and leaving
 * (`/api/Family…`; contract `CoParentFamily`, `InvitationPreview`).
 */
import { api, type CoParentFamily, type InvitationPreview } from '@lc/contract';
import { apiRequest } from './client';

export const getFamily = (signal?: AbortSignal) => apiRequest<CoParentFamily>(api.family, { signal });

/** Mails the invitation; 400 with `fields.emailAddress` for an address that cannot be invited. */
export const inviteCoParent = (emailAddress: string) =>
  apiRequest<CoParentFamily>(api.familyInvitations, { method: 'POST', body: { emailAddress } });

export const withdrawInvitation = (invitationId: string) =>
  apiRequest<CoParentFamily>(api.familyInvitation(invitationId), { method: 'DELETE' });

/** 410 for a used, withdrawn or expired link; 403 when it was sent to another address. */
export const previewInvitation = (token: string, signal?: AbortSignal) =>
  apiRequest<InvitationPreview>(api.familyInvitationPreview, { method: 'POST', body: { token }, signal });

export const acceptInvitation = (token: string) =>
  apiRequest<CoParentFamily>(api.familyInvitationAccept, { method: 'POST', body: { token } });

export const leaveFamily = () => apiRequest<CoParentFamily>(api.familyLeave, { method: 'POST' });
