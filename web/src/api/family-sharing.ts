/**
 * The family's account (issue 13), called by its rows in the API table (`familyApi`, contract/src/api/family.ts):
 * who shares the family, invitations, accepting a link and leaving (contract `CoParentFamily`,
 * `InvitationPreview`), the family's data export and closing the account.
 */
import {
  type CalendarFeed,
  type CalendarFeedStatus,
  type CloseAccountInput,
  type ClosureList,
  type CoParentFamily,
  familyApi,
  type InvitationPreview,
} from '@lc/contract';
import { callApi } from './call.ts';

export const getFamily = (signal?: AbortSignal): Promise<CoParentFamily> =>
  callApi(familyApi.family, { signal });

/** GET /api/Family/CalendarFeed: whether this parent has a calendar subscription address (issue 24). */
export const getCalendarFeed = (signal?: AbortSignal): Promise<CalendarFeedStatus> =>
  callApi(familyApi.calendarFeed, { signal });

/** POST /api/Family/CalendarFeed: a new secret subscription address, shown once (an older one stops working). */
export const createCalendarFeed = (): Promise<CalendarFeed> => callApi(familyApi.createCalendarFeed, {});

/** DELETE /api/Family/CalendarFeed: turn the subscription address off. */
export const removeCalendarFeed = (): Promise<void> => callApi(familyApi.removeCalendarFeed, {});

/** GET /api/Family/Calendar: the center's closures and early dismissals for our children (issue 24). */
export const getFamilyCalendar = (signal?: AbortSignal): Promise<ClosureList> =>
  callApi(familyApi.familyCalendar, { signal });

/** Mails the invitation; 400 with `fields.emailAddress` for an address that cannot be invited. */
export const inviteCoParent = (emailAddress: string): Promise<CoParentFamily> =>
  callApi(familyApi.inviteCoParent, { body: { emailAddress } });

export const withdrawInvitation = (invitationId: string): Promise<CoParentFamily> =>
  callApi(familyApi.withdrawInvitation, { params: { invitationId } });

/** 410 for a used, withdrawn or expired link; 403 when it was sent to another address. */
export const previewInvitation = (token: string, signal?: AbortSignal): Promise<InvitationPreview> =>
  callApi(familyApi.previewInvitation, { body: { token }, signal });

export const acceptInvitation = (token: string): Promise<CoParentFamily> =>
  callApi(familyApi.acceptInvitation, { body: { token } });

export const leaveFamily = (): Promise<CoParentFamily> => callApi(familyApi.leaveFamily);

/** GET /api/Family/Export — "Download our data": the family's ZIP and the name to save it under. */
export const downloadFamilyData = (): Promise<{ blob: Blob; fileName: string }> =>
  callApi(familyApi.familyExport);

/** POST /api/Family/Close — closes the account (the password again); 409 while it cannot be done yet. */
export const closeFamilyAccount = async (body: CloseAccountInput): Promise<void> => {
  await callApi(familyApi.closeAccount, { body });
};
