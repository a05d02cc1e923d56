/**
 * The family endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions"):
 * `/api/Student…` (spec §7 Student; issue 4: children, allergies, emergency contacts), `/api/Family…` (issue
 * 13: co-parents and their invitations, the data export, closing the account) and the staff's family and
 * child pages (`/api/staff/families…`, `/api/staff/children/…`; issue 10).
 */
import {
  CalendarFeedParamsSchema,
  CalendarFeedSchema,
  CalendarFeedStatusSchema,
  ClosureListSchema,
} from '../calendar.ts';
import {
  ChildCorrectionSchema,
  ContactCorrectionParamsSchema,
  ContactCorrectionSchema,
  RestrictionIdParamsSchema,
  RestrictionInputSchema,
  RestrictionSchema,
} from '../custody.ts';
import { endpoint } from '../endpoint.ts';
import {
  AllergyIdParamsSchema,
  AllergyInputSchema,
  AllergySchema,
  CloseAccountSchema,
  CoParentFamilySchema,
  InvitationIdParamsSchema,
  InvitationPreviewSchema,
  InvitationTokenSchema,
  InviteCoParentSchema,
  StudentIdParamsSchema,
  StudentInputSchema,
  StudentListQuerySchema,
  StudentListSchema,
  StudentSchema,
  TrusteeIdParamsSchema,
  TrusteeInputSchema,
  TrusteeListSchema,
  TrusteeSchema,
} from '../family.ts';
import {
  FamilyListQuerySchema,
  FamilyListSchema,
  FamilyUserIdParamsSchema,
  StaffChildIdParamsSchema,
  StaffChildSchema,
  StaffFamilySchema,
} from '../staff-families.ts';

export const familyApi = {
  /** The signed-in parent's children (with `userId`: that family's, as the caller may see them). */
  students: endpoint({
    method: 'GET',
    path: '/api/Student',
    query: StudentListQuerySchema,
    status: 200,
    reply: StudentListSchema,
  }),
  /** Add a child to the family: 201 with the child. */
  addStudent: endpoint({
    method: 'POST',
    path: '/api/Student',
    body: StudentInputSchema,
    status: 201,
    reply: StudentSchema,
  }),
  /** The family's emergency contacts. */
  trustees: endpoint({ method: 'GET', path: '/api/Student/Trustees', status: 200, reply: TrusteeListSchema }),
  /** Add an emergency contact for some of the family's children: 201 with the contact. */
  addTrustee: endpoint({
    method: 'POST',
    path: '/api/Student/Trustees',
    body: TrusteeInputSchema,
    status: 201,
    reply: TrusteeSchema,
  }),
  /** One emergency contact. */
  trustee: endpoint({
    method: 'GET',
    path: '/api/Student/Trustees/:trusteeId',
    params: TrusteeIdParamsSchema,
    status: 200,
    reply: TrusteeSchema,
  }),
  /** Change an emergency contact and the children it is for. */
  updateTrustee: endpoint({
    method: 'PUT',
    path: '/api/Student/Trustees/:trusteeId',
    params: TrusteeIdParamsSchema,
    body: TrusteeInputSchema,
    status: 200,
    reply: TrusteeSchema,
  }),
  /** Delete an emergency contact (the children are not touched). */
  deleteTrustee: endpoint({
    method: 'DELETE',
    path: '/api/Student/Trustees/:trusteeId',
    params: TrusteeIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** One child, with allergies. */
  student: endpoint({
    method: 'GET',
    path: '/api/Student/:studentId',
    params: StudentIdParamsSchema,
    status: 200,
    reply: StudentSchema,
  }),
  /** Change a child's details. */
  updateStudent: endpoint({
    method: 'PUT',
    path: '/api/Student/:studentId',
    params: StudentIdParamsSchema,
    body: StudentInputSchema,
    status: 200,
    reply: StudentSchema,
  }),
  /** Remove a child from the family (409 when the child has history). */
  deleteStudent: endpoint({
    method: 'DELETE',
    path: '/api/Student/:studentId',
    params: StudentIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** A child's emergency contacts. */
  studentTrustees: endpoint({
    method: 'GET',
    path: '/api/Student/:studentId/Trustees',
    params: StudentIdParamsSchema,
    status: 200,
    reply: TrusteeListSchema,
  }),
  /** Add an allergy to a child: 201 with the allergy. */
  addAllergy: endpoint({
    method: 'POST',
    path: '/api/Student/:studentId/Allergies',
    params: StudentIdParamsSchema,
    body: AllergyInputSchema,
    status: 201,
    reply: AllergySchema,
  }),
  /** Remove an allergy from a child. */
  deleteAllergy: endpoint({
    method: 'DELETE',
    path: '/api/Student/:studentId/Allergies/:allergyId',
    params: AllergyIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),

  /** Download our data: the family's ZIP. */
  familyExport: endpoint({ method: 'GET', path: '/api/Family/Export', status: 200, reply: 'file' }),
  /** Close our account (the password again). */
  closeAccount: endpoint({
    method: 'POST',
    path: '/api/Family/Close',
    body: CloseAccountSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Who shares the family: parents, open invitations, children's first names. */
  family: endpoint({ method: 'GET', path: '/api/Family', status: 200, reply: CoParentFamilySchema }),
  /** The center's closures and early dismissals for the family's children's sessions (issue 24). */
  familyCalendar: endpoint({
    method: 'GET',
    path: '/api/Family/Calendar',
    status: 200,
    reply: ClosureListSchema,
  }),
  /** Whether this parent has a calendar subscription address (issue 24). */
  calendarFeed: endpoint({
    method: 'GET',
    path: '/api/Family/CalendarFeed',
    status: 200,
    reply: CalendarFeedStatusSchema,
  }),
  /** A new secret subscription address, shown once: 201 (an earlier one stops working). */
  createCalendarFeed: endpoint({
    method: 'POST',
    path: '/api/Family/CalendarFeed',
    status: 201,
    reply: CalendarFeedSchema,
  }),
  /** Turn the subscription address off: 204. */
  removeCalendarFeed: endpoint({
    method: 'DELETE',
    path: '/api/Family/CalendarFeed',
    status: 204,
    reply: 'empty',
  }),
  /** The iCalendar feed itself, at its secret address (no login: calendar apps fetch it). */
  calendarFeedFile: endpoint({
    method: 'GET',
    path: '/api/calendar/:token',
    params: CalendarFeedParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** Invite another parent to share the family; answers the family as it stands. */
  inviteCoParent: endpoint({
    method: 'POST',
    path: '/api/Family/Invitations',
    body: InviteCoParentSchema,
    status: 200,
    reply: CoParentFamilySchema,
  }),
  /** Withdraw an invitation that has not been accepted; answers the family as it stands. */
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/api/Family/Invitations/:invitationId',
    params: InvitationIdParamsSchema,
    status: 200,
    reply: CoParentFamilySchema,
  }),
  /** Who sent an invitation and for which children, before accepting it. */
  previewInvitation: endpoint({
    method: 'POST',
    path: '/api/Family/Invitation/Preview',
    body: InvitationTokenSchema,
    status: 200,
    reply: InvitationPreviewSchema,
  }),
  /** Accept an invitation; answers the family now shared. */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/Family/Invitation/Accept',
    body: InvitationTokenSchema,
    status: 200,
    reply: CoParentFamilySchema,
  }),
  /** Leave the shared family; answers the caller's family afterwards. */
  leaveFamily: endpoint({
    method: 'POST',
    path: '/api/Family/Leave',
    status: 200,
    reply: CoParentFamilySchema,
  }),

  /** Staff: search families (paginated). */
  staffFamilies: endpoint({
    method: 'GET',
    path: '/api/staff/families',
    query: FamilyListQuerySchema,
    status: 200,
    reply: FamilyListSchema,
  }),
  /** Staff: a family's page. */
  staffFamily: endpoint({
    method: 'GET',
    path: '/api/staff/families/:userId',
    params: FamilyUserIdParamsSchema,
    status: 200,
    reply: StaffFamilySchema,
  }),
  /** Staff: a child's page. */
  staffChild: endpoint({
    method: 'GET',
    path: '/api/staff/children/:studentId',
    params: StaffChildIdParamsSchema,
    status: 200,
    reply: StaffChildSchema,
  }),
  /** The director takes a parent account out of the family it shares. */
  staffRemoveFromFamily: endpoint({
    method: 'POST',
    path: '/api/staff/families/:userId/remove-from-family',
    params: FamilyUserIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** The director: a person who may not collect the child ("do not release to"); 201 with it (issue 24). */
  staffAddRestriction: endpoint({
    method: 'POST',
    path: '/api/staff/children/:studentId/restrictions',
    params: StaffChildIdParamsSchema,
    body: RestrictionInputSchema,
    status: 201,
    reply: RestrictionSchema,
  }),
  /** The director: lift a restriction (its court-order document goes with it). */
  staffRemoveRestriction: endpoint({
    method: 'DELETE',
    path: '/api/staff/children/:studentId/restrictions/:restrictionId',
    params: RestrictionIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** The director: the court-order document kept with a restriction. */
  staffRestrictionDocument: endpoint({
    method: 'GET',
    path: '/api/staff/children/:studentId/restrictions/:restrictionId/document',
    params: RestrictionIdParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** The director corrects the child's details and allergies, with a reason; answers the child's page. */
  staffCorrectChild: endpoint({
    method: 'PUT',
    path: '/api/staff/children/:studentId/details',
    params: StaffChildIdParamsSchema,
    body: ChildCorrectionSchema,
    status: 200,
    reply: StaffChildSchema,
  }),
  /** The director corrects one of the child's emergency contacts, with a reason; answers the child's page. */
  staffCorrectContact: endpoint({
    method: 'PUT',
    path: '/api/staff/children/:studentId/contacts/:trusteeId',
    params: ContactCorrectionParamsSchema,
    body: ContactCorrectionSchema,
    status: 200,
    reply: StaffChildSchema,
  }),
} as const;
