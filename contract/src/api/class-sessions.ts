/**
 * The class-sessions endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions"):
 * spec §7 ClassSession (the public catalog, a session's resources for its families, the director's writes),
 * and the staff's session pages (issue 10): the sessions list, rosters, a session for the form, duplicating it,
 * programs and policies, a session's files, links and picture, the stored files themselves, the staff team
 * and who teaches a session, and the audit trail. Shapes: contract/src/class-session.ts, enrollment.ts (`ClassSessionInputSchema`,
 * cents), staff.ts, staff-setup.ts, staff-resources.ts and staff-audit.ts.
 */

import {
  ClosureIdParamsSchema,
  ClosureInputSchema,
  ClosureListQuerySchema,
  ClosureListSchema,
  ClosureSchema,
  StaffCalendarQuerySchema,
  StaffCalendarSchema,
} from '../calendar.ts';
import {
  ClassSessionIdParamsSchema,
  ClassSessionListQuerySchema,
  ClassSessionListSchema,
  ClassSessionSavedSchema,
  ClassSessionSchema,
  DigitalResourceListSchema,
} from '../class-session.ts';
import { ClassSessionInputSchema } from '../class-session-input.ts';
import { endpoint } from '../endpoint.ts';
import {
  RosterSchema,
  SessionTeachersInputSchema,
  StaffInviteInputSchema,
  StaffMemberListSchema,
  StaffRoleInputSchema,
  StaffSelfSchema,
  StaffSessionListQuerySchema,
  StaffSessionListSchema,
  StaffUserIdParamsSchema,
  TeamMemberListSchema,
  TeamMemberSchema,
} from '../staff.ts';
import { AuditPageSchema, AuditQuerySchema } from '../staff-audit.ts';
import {
  ResourceIdParamsSchema,
  ResourceLinkInputSchema,
  ResourceOrderInputSchema,
  ResourceUpdateInputSchema,
  StaffResourceListSchema,
  StoredFileParamsSchema,
  StoredFileQuerySchema,
  ThumbnailResultSchema,
} from '../staff-resources.ts';
import {
  PolicyInputSchema,
  PolicyRowListSchema,
  ProgramInputSchema,
  ProgramRowListSchema,
  SessionDuplicateInputSchema,
  SessionDuplicateResultSchema,
  SetupIdParamsSchema,
} from '../staff-setup.ts';
import { StaffTodaySchema } from '../staff-today.ts';
import {
  StaffTourSlotListSchema,
  TourSlotIdParamsSchema,
  TourSlotInputSchema,
  TourSlotsCreatedSchema,
} from '../tour-slots.ts';

export const classSessionsApi = {
  /** Active sessions that have not ended (the catalog), or with `active=false` the others. */
  list: endpoint({
    method: 'GET',
    path: '/api/ClassSession',
    query: ClassSessionListQuerySchema,
    status: 200,
    reply: ClassSessionListSchema,
  }),
  /** Every session, past and present. */
  all: endpoint({ method: 'GET', path: '/api/ClassSession/all', status: 200, reply: ClassSessionListSchema }),
  /** One session, with its policies, seats left and registration state. */
  session: endpoint({
    method: 'GET',
    path: '/api/ClassSession/:classSessionId',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: ClassSessionSchema,
  }),
  /** A session's active resources, for the families of enrolled children and staff. */
  resources: endpoint({
    method: 'GET',
    path: '/api/ClassSession/:classSessionId/Resources',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: DigitalResourceListSchema,
  }),
  /** Create a session (the director): 201 with the new session. */
  create: endpoint({
    method: 'POST',
    path: '/api/ClassSession',
    body: ClassSessionInputSchema,
    status: 201,
    reply: ClassSessionSchema,
  }),
  /** Replace a session's fields (the director): a sentence, as text. */
  update: endpoint({
    method: 'PUT',
    path: '/api/ClassSession/:classSessionId',
    params: ClassSessionIdParamsSchema,
    body: ClassSessionInputSchema,
    status: 200,
    reply: ClassSessionSavedSchema,
  }),

  /** The sessions the signed-in staff member may see, one page (a teacher's own; `revenue` the director's). */
  staffSessions: endpoint({
    method: 'GET',
    path: '/api/staff/sessions',
    query: StaffSessionListQuerySchema,
    status: 200,
    reply: StaffSessionListSchema,
  }),
  /** A session's roster: enrolled children, seats on hold, the waitlist. */
  roster: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/roster',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: RosterSchema,
  }),
  /** The roster table as a CSV file. */
  rosterCsv: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/roster.csv',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** Every field of a session, active or not, for the staff pages and the session form. */
  staffSession: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: ClassSessionSchema,
  }),
  /** Copy a session to start next term (the director): 201 with the copy's id. */
  duplicate: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/duplicate',
    params: ClassSessionIdParamsSchema,
    body: SessionDuplicateInputSchema,
    status: 201,
    reply: SessionDuplicateResultSchema,
  }),
  /** Programs (spec §3 ClassSection). */
  programs: endpoint({
    method: 'GET',
    path: '/api/staff/programs',
    status: 200,
    reply: ProgramRowListSchema,
  }),
  /** Add a program (the director): 201 with the list. */
  addProgram: endpoint({
    method: 'POST',
    path: '/api/staff/programs',
    body: ProgramInputSchema,
    status: 201,
    reply: ProgramRowListSchema,
  }),
  /** Edit a program (the director): the list. */
  editProgram: endpoint({
    method: 'PUT',
    path: '/api/staff/programs/:id',
    params: SetupIdParamsSchema,
    body: ProgramInputSchema,
    status: 200,
    reply: ProgramRowListSchema,
  }),
  /** Policies (spec §3 Policy). */
  policies: endpoint({ method: 'GET', path: '/api/staff/policies', status: 200, reply: PolicyRowListSchema }),
  /** Add a policy (the director; rich text, sanitised by the server): 201 with the list. */
  addPolicy: endpoint({
    method: 'POST',
    path: '/api/staff/policies',
    body: PolicyInputSchema,
    status: 201,
    reply: PolicyRowListSchema,
  }),
  /** Edit a policy (the director), for every session that uses it: the list. */
  editPolicy: endpoint({
    method: 'PUT',
    path: '/api/staff/policies/:id',
    params: SetupIdParamsSchema,
    body: PolicyInputSchema,
    status: 200,
    reply: PolicyRowListSchema,
  }),

  /** Upload the session's picture (the director; multipart `file`): its new public address. */
  thumbnail: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/thumbnail',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: ThumbnailResultSchema,
  }),
  /** A session's files and links, active or not, in order. */
  staffResources: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/resources',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: StaffResourceListSchema,
  }),
  /**
   * Add a file (multipart `file`, optional `name` and `description`) or a link (JSON, see `addResourceLink`)
   * to a session (the director): 201 with the whole list. The server reads either body itself, so the row
   * declares none; the route registers from this row.
   */
  addResource: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/resources',
    params: ClassSessionIdParamsSchema,
    status: 201,
    reply: StaffResourceListSchema,
  }),
  /** The same endpoint as `addResource`, called with a link or a video as JSON (the caller's typed body). */
  addResourceLink: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/resources',
    params: ClassSessionIdParamsSchema,
    body: ResourceLinkInputSchema,
    status: 201,
    reply: StaffResourceListSchema,
  }),
  /** Put a session's files and links in order (the director): the list. */
  orderResources: endpoint({
    method: 'PUT',
    path: '/api/staff/sessions/:classSessionId/resources/order',
    params: ClassSessionIdParamsSchema,
    body: ResourceOrderInputSchema,
    status: 200,
    reply: StaffResourceListSchema,
  }),
  /** Edit a file or link (the director): its session's list. */
  editResource: endpoint({
    method: 'PUT',
    path: '/api/staff/resources/:resourceId',
    params: ResourceIdParamsSchema,
    body: ResourceUpdateInputSchema,
    status: 200,
    reply: StaffResourceListSchema,
  }),
  /** A stored file: a session's picture, or a resource file through its signed link. */
  file: endpoint({
    method: 'GET',
    path: '/api/files/:folder/:name',
    params: StoredFileParamsSchema,
    query: StoredFileQuerySchema,
    status: 200,
    reply: 'file',
  }),

  /** What the signed-in staff member may read: their role and whether they may read the inbox. */
  staffMe: endpoint({ method: 'GET', path: '/api/staff/me', status: 200, reply: StaffSelfSchema }),
  /** The staff home (issue 24): what needs the caller now, within what they may see. */
  staffToday: endpoint({ method: 'GET', path: '/api/staff/today', status: 200, reply: StaffTodaySchema }),
  /** The center's calendar (issue 24): closures and early dismissals touching a date range. */
  closures: endpoint({
    method: 'GET',
    path: '/api/staff/closures',
    query: ClosureListQuerySchema,
    status: 200,
    reply: ClosureListSchema,
  }),
  /** Add a closure or early dismissal (the director): 201 with it. */
  addClosure: endpoint({
    method: 'POST',
    path: '/api/staff/closures',
    body: ClosureInputSchema,
    status: 201,
    reply: ClosureSchema,
  }),
  /**
   * The staff calendar (issue 24): each day of a week or a month with the sessions meeting (a teacher: their own)
   * and the closures touching it.
   */
  staffCalendar: endpoint({
    method: 'GET',
    path: '/api/staff/calendar',
    query: StaffCalendarQuerySchema,
    status: 200,
    reply: StaffCalendarSchema,
  }),
  /** Remove a closure (the director): 204. */
  removeClosure: endpoint({
    method: 'DELETE',
    path: '/api/staff/closures/:closureId',
    params: ClosureIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Published tour times from today on, with who booked (decision 028). */
  tourSlots: endpoint({
    method: 'GET',
    path: '/api/staff/tour-slots',
    status: 200,
    reply: StaffTourSlotListSchema,
  }),
  /** Publish a tour time, or the same weekday and time for some weeks (the director): 201 with them. */
  addTourSlots: endpoint({
    method: 'POST',
    path: '/api/staff/tour-slots',
    body: TourSlotInputSchema,
    status: 201,
    reply: TourSlotsCreatedSchema,
  }),
  /** Remove a tour time (the director); families who booked it are written to: 204. */
  removeTourSlot: endpoint({
    method: 'DELETE',
    path: '/api/staff/tour-slots/:slotId',
    params: TourSlotIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Everyone on the staff (the director). */
  team: endpoint({ method: 'GET', path: '/api/staff/team', status: 200, reply: TeamMemberListSchema }),
  /** Invite someone to the staff (the director): 201 with the new member. */
  invite: endpoint({
    method: 'POST',
    path: '/api/staff/team',
    body: StaffInviteInputSchema,
    status: 201,
    reply: TeamMemberSchema,
  }),
  /**
   * Change a member's role or inbox access (the director): the member; taking them off the staff (`Parent`)
   * answers 204 without a body.
   */
  teamMember: endpoint({
    method: 'PUT',
    path: '/api/staff/team/:userId',
    params: StaffUserIdParamsSchema,
    body: StaffRoleInputSchema,
    status: 200,
    reply: TeamMemberSchema,
  }),
  /** Set who teaches a session (the director): its teachers. */
  teachers: endpoint({
    method: 'PUT',
    path: '/api/staff/sessions/:classSessionId/teachers',
    params: ClassSessionIdParamsSchema,
    body: SessionTeachersInputSchema,
    status: 200,
    reply: StaffMemberListSchema,
  }),

  /** The audit trail (the director): one page of recorded changes, newest first. */
  audit: endpoint({
    method: 'GET',
    path: '/api/staff/audit',
    query: AuditQuerySchema,
    status: 200,
    reply: AuditPageSchema,
  }),
  /** The same filters, every matching change, as a CSV file. */
  auditCsv: endpoint({
    method: 'GET',
    path: '/api/staff/audit.csv',
    query: AuditQuerySchema,
    status: 200,
    reply: 'file',
  }),
} as const;
