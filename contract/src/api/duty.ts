/**
 * The staff-on-duty endpoints of the API table (issue 26, decision 038; contract/src/endpoint.ts): the door
 * tablet's staff clock (`/api/kiosk/duty…`, `Authorization: Kiosk …`), a staff member's own PIN, punches and
 * phone clock, the rooms' ratios and their history, the director's corrections and timesheets, and staff
 * certifications.
 */
import { AttachmentLinkQuerySchema } from '../conversations.ts';
import { endpoint } from '../endpoint.ts';
import {
  CertificationInputSchema,
  CertificationListSchema,
  CertificationParamsSchema,
  CertificationSchema,
  DutyClockInputSchema,
  DutyClockResultSchema,
  DutyMeSchema,
  DutyPhoneInputSchema,
  DutyPinInputSchema,
  DutyRatiosSchema,
  DutySessionParamsSchema,
  KioskDutyClockSchema,
  KioskDutyIdentifySchema,
  KioskDutyPersonSchema,
  KioskStaffListSchema,
  PunchAddSchema,
  PunchFixSchema,
  PunchParamsSchema,
  PunchSchema,
  RatioHistoryParamsSchema,
  RatioHistoryQuerySchema,
  RatioHistorySchema,
  StaffUserParamsSchema,
  TimesheetQuerySchema,
  TimesheetSchema,
} from '../staff-duty.ts';

export const dutyApi = {
  // ------------------------------------------------------------------------------------ the door tablet

  /** The staff members who can clock in at the tablet (those with a PIN), by name. */
  kioskStaff: endpoint({
    method: 'GET',
    path: '/api/kiosk/duty/staff',
    status: 200,
    reply: KioskStaffListSchema,
  }),
  /** Who is at the tablet: their PIN checked, their open punch and today's sessions. */
  kioskIdentify: endpoint({
    method: 'POST',
    path: '/api/kiosk/duty/identify',
    body: KioskDutyIdentifySchema,
    status: 200,
    reply: KioskDutyPersonSchema,
  }),
  /** Clock in to or out of a session's room with the PIN. */
  kioskClock: endpoint({
    method: 'POST',
    path: '/api/kiosk/duty/clock',
    body: KioskDutyClockSchema,
    status: 200,
    reply: DutyClockResultSchema,
  }),

  // ------------------------------------------------------------------------------------ a staff member

  /** The signed-in staff member's PIN state, open punch, today's punches and sessions. */
  me: endpoint({ method: 'GET', path: '/api/staff/duty/me', status: 200, reply: DutyMeSchema }),
  /** Set or change one's own clock-in PIN. */
  setPin: endpoint({
    method: 'PUT',
    path: '/api/staff/duty/pin',
    body: DutyPinInputSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Clock in or out from the phone, where the director allows it for the session. */
  clock: endpoint({
    method: 'POST',
    path: '/api/staff/duty/clock',
    body: DutyClockInputSchema,
    status: 200,
    reply: DutyClockResultSchema,
  }),
  /** Today's rooms the caller sees: children present against staff on duty, and today's breaches. */
  ratios: endpoint({ method: 'GET', path: '/api/staff/duty/ratios', status: 200, reply: DutyRatiosSchema }),
  /** A room's ratio through a day and the minutes it spent over. */
  ratioHistory: endpoint({
    method: 'GET',
    path: '/api/staff/duty/ratios/:classSessionId/history',
    params: RatioHistoryParamsSchema,
    query: RatioHistoryQuerySchema,
    status: 200,
    reply: RatioHistorySchema,
  }),

  // ------------------------------------------------------------------------------------ the director

  /** Whether clocking in from the phone is allowed for a session (the director). */
  phone: endpoint({
    method: 'GET',
    path: '/api/staff/duty/sessions/:classSessionId/phone',
    params: DutySessionParamsSchema,
    status: 200,
    reply: DutyPhoneInputSchema,
  }),
  /** Allow or stop clocking in from the phone for a session. */
  setPhone: endpoint({
    method: 'PUT',
    path: '/api/staff/duty/sessions/:classSessionId/phone',
    params: DutySessionParamsSchema,
    body: DutyPhoneInputSchema,
    status: 204,
    reply: 'empty',
  }),
  /** A week's timesheets: the director's for everyone (or one person), a teacher's for themselves. */
  timesheets: endpoint({
    method: 'GET',
    path: '/api/staff/duty/timesheets',
    query: TimesheetQuerySchema,
    status: 200,
    reply: TimesheetSchema,
  }),
  /** The same week as a CSV file for payroll: exactly the table. */
  timesheetsCsv: endpoint({
    method: 'GET',
    path: '/api/staff/duty/timesheets/csv',
    query: TimesheetQuerySchema,
    status: 200,
    reply: 'file',
  }),
  /** Add a missed punch (the director, with a reason). */
  addPunch: endpoint({
    method: 'POST',
    path: '/api/staff/duty/punches',
    body: PunchAddSchema,
    status: 201,
    reply: PunchSchema,
  }),
  /** Fix a punch's times (the director, with a reason; the original is kept). */
  fixPunch: endpoint({
    method: 'PATCH',
    path: '/api/staff/duty/punches/:punchId',
    params: PunchParamsSchema,
    body: PunchFixSchema,
    status: 200,
    reply: PunchSchema,
  }),

  // ------------------------------------------------------------------------------------ certifications

  /** A staff member's certifications (the director, or the person themselves). */
  certifications: endpoint({
    method: 'GET',
    path: '/api/staff/team/:userId/certifications',
    params: StaffUserParamsSchema,
    status: 200,
    reply: CertificationListSchema,
  }),
  /** Add a certification to a staff member's profile (the director). */
  addCertification: endpoint({
    method: 'POST',
    path: '/api/staff/team/:userId/certifications',
    params: StaffUserParamsSchema,
    body: CertificationInputSchema,
    status: 201,
    reply: CertificationSchema,
  }),
  /** Remove a certification (the director). */
  removeCertification: endpoint({
    method: 'DELETE',
    path: '/api/staff/certifications/:certificationId',
    params: CertificationParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Attach (or replace) a certification's scan: multipart `file`, a PDF, JPEG or PNG (the director). */
  uploadCertificationDocument: endpoint({
    method: 'PUT',
    path: '/api/staff/certifications/:certificationId/document',
    params: CertificationParamsSchema,
    status: 200,
    reply: CertificationSchema,
  }),
  /** A certification's scan, through the signed link its reader was given. */
  certificationDocumentFile: endpoint({
    method: 'GET',
    path: '/api/CertificationDocuments/:certificationId',
    params: CertificationParamsSchema,
    query: AttachmentLinkQuerySchema,
    status: 200,
    reply: 'file',
  }),
  /** Who expires next: every certification expired or expiring in the next 60 days, soonest first (the director). */
  expiring: endpoint({
    method: 'GET',
    path: '/api/staff/certifications/expiring',
    status: 200,
    reply: CertificationListSchema,
  }),
};
