/**
 * The passes endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions";
 * issue 11): the family's passes and history, the holder's card, the door tablet's calls (`Authorization:
 * Kiosk …`), the staff's tablets and attendance, and Apple's PassKit web service (Apple Wallet calls those).
 */
import { endpoint } from '../endpoint.ts';
import { TrusteeIdParamsSchema } from '../family.ts';
import {
  AppleDownloadParamsSchema,
  AppleDownloadQuerySchema,
  AttendanceListSchema,
  AttendanceQuerySchema,
  BoardSchema,
  DoorResultSchema,
  DoorResultsSchema,
  DoorScanSchema,
  KioskCheckInSchema,
  KioskCheckOutSchema,
  KioskCreateSchema,
  KioskEnrolledSchema,
  KioskIdParamsSchema,
  KioskMeSchema,
  KioskScanInputSchema,
  KioskSchema,
  PassCardSchema,
  PassCodeSchema,
  PassIssueSchema,
  PassKitDeviceParamsSchema,
  PassKitLogSchema,
  PassKitPassParamsSchema,
  PassKitRegisterSchema,
  PassKitRegistrationParamsSchema,
  PassKitUpdatedQuerySchema,
  PassKitUpdatedSchema,
  PassStateSchema,
  PickupPassSchema,
  SelfContactSchema,
  StaffAttendanceInputSchema,
} from '../passes.ts';

const trusteePass = '/api/Student/Trustees/:trusteeId/Pass';
const registration =
  '/api/passes/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

export const passesApi = {
  // ----------------------------------------------------------------------------------------- the family

  /** The adult's current pass and what can be done with it. */
  passState: endpoint({
    method: 'GET',
    path: trusteePass,
    params: TrusteeIdParamsSchema,
    status: 200,
    reply: PassStateSchema,
  }),
  /** Issue (or re-issue, revoking the old one) the adult's pass with their PIN. */
  issuePass: endpoint({
    method: 'POST',
    path: trusteePass,
    params: TrusteeIdParamsSchema,
    body: PassIssueSchema,
    status: 201,
    reply: PickupPassSchema,
  }),
  /** Revoke the adult's pass (it stops working at the door at once). */
  revokePass: endpoint({
    method: 'DELETE',
    path: trusteePass,
    params: TrusteeIdParamsSchema,
    status: 200,
    reply: PickupPassSchema,
  }),
  /** The printable card of the adult's current pass. */
  passCard: endpoint({
    method: 'GET',
    path: `${trusteePass}/Card`,
    params: TrusteeIdParamsSchema,
    status: 200,
    reply: PassCardSchema,
  }),
  /** Add or replace the adult's photo (multipart `file`); answers the pass state. */
  uploadPassPhoto: endpoint({
    method: 'PUT',
    path: `${trusteePass}/Photo`,
    params: TrusteeIdParamsSchema,
    status: 200,
    reply: PassStateSchema,
  }),
  /** The adult's photo on their current pass (a JPEG or PNG file). */
  passPhoto: endpoint({
    method: 'GET',
    path: `${trusteePass}/Photo`,
    params: TrusteeIdParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** The parent's own contact (made on first use), to carry a pass too. */
  selfContact: endpoint({
    method: 'POST',
    path: '/api/Student/Trustees/Self',
    status: 200,
    reply: SelfContactSchema,
  }),
  /** The family's drop-offs and pickups, newest first. */
  familyAttendance: endpoint({
    method: 'GET',
    path: '/api/Student/Attendance',
    query: AttendanceQuerySchema,
    status: 200,
    reply: AttendanceListSchema,
  }),

  // ----------------------------------------------------------------------------------------- the holder

  /** The holder opens their pass with its code (the link in their email). */
  holderCard: endpoint({
    method: 'POST',
    path: '/api/passes/card',
    body: PassCodeSchema,
    status: 200,
    reply: PassCardSchema,
  }),

  // ------------------------------------------------------------------------- the door tablet (callKiosk)

  /** This tablet (401 once revoked). */
  kioskMe: endpoint({ method: 'GET', path: '/api/kiosk/me', status: 200, reply: KioskMeSchema }),
  /** Who is at the door and the children they may bring or take today. */
  kioskScan: endpoint({
    method: 'POST',
    path: '/api/kiosk/scan',
    body: KioskScanInputSchema,
    status: 200,
    reply: DoorScanSchema,
  }),
  /** Drop-off of the chosen children. */
  kioskCheckIn: endpoint({
    method: 'POST',
    path: '/api/kiosk/check-in',
    body: KioskCheckInSchema,
    status: 200,
    reply: DoorResultsSchema,
  }),
  /** Pickup of the chosen children, with the PIN or the photo confirmed. */
  kioskCheckOut: endpoint({
    method: 'POST',
    path: '/api/kiosk/check-out',
    body: KioskCheckOutSchema,
    status: 200,
    reply: DoorResultsSchema,
  }),

  // ------------------------------------------------------------------------------------------- staff

  /** The door tablets. */
  kiosks: endpoint({ method: 'GET', path: '/api/staff/kiosks', status: 200, reply: KioskSchema.array() }),
  /** Set this tablet up as a kiosk; the token is shown once. */
  enrollKiosk: endpoint({
    method: 'POST',
    path: '/api/staff/kiosks',
    body: KioskCreateSchema,
    status: 201,
    reply: KioskEnrolledSchema,
  }),
  /** Stop a tablet working as a kiosk. */
  revokeKiosk: endpoint({
    method: 'POST',
    path: '/api/staff/kiosks/:kioskId/revoke',
    params: KioskIdParamsSchema,
    status: 200,
    reply: KioskSchema,
  }),
  /** Check a child in or out by hand, naming the adult. */
  recordAttendance: endpoint({
    method: 'POST',
    path: '/api/staff/attendance',
    body: StaffAttendanceInputSchema,
    status: 201,
    reply: DoorResultSchema,
  }),
  /** Today's board. */
  board: endpoint({ method: 'GET', path: '/api/staff/attendance/today', status: 200, reply: BoardSchema }),
  /** The attendance history the caller may see. */
  staffAttendance: endpoint({
    method: 'GET',
    path: '/api/staff/attendance',
    query: AttendanceQuerySchema,
    status: 200,
    reply: AttendanceListSchema,
  }),
  /** The same history as a CSV file. */
  attendanceCsv: endpoint({
    method: 'GET',
    path: '/api/staff/attendance.csv',
    query: AttendanceQuerySchema,
    status: 200,
    reply: 'file',
  }),

  // ------------------------------------------------------------ Apple's PassKit web service (Apple calls)

  /** Register a device for a pass's updates: 201 new, 200 already registered. */
  passKitRegister: endpoint({
    method: 'POST',
    path: registration,
    params: PassKitRegistrationParamsSchema,
    body: PassKitRegisterSchema,
    status: 201,
    reply: 'empty',
  }),
  /** The serial numbers of a device's passes updated since a tag (204 none). */
  passKitUpdated: endpoint({
    method: 'GET',
    path: '/api/passes/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    params: PassKitDeviceParamsSchema,
    query: PassKitUpdatedQuerySchema,
    status: 200,
    reply: PassKitUpdatedSchema,
  }),
  /** Unregister a device from a pass's updates. */
  passKitUnregister: endpoint({
    method: 'DELETE',
    path: registration,
    params: PassKitRegistrationParamsSchema,
    status: 200,
    reply: 'empty',
  }),
  /** The latest version of a pass (`.pkpass`; 304 when not modified). */
  passKitPass: endpoint({
    method: 'GET',
    path: '/api/passes/v1/passes/:passTypeIdentifier/:serialNumber',
    params: PassKitPassParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** Messages from Apple Wallet about errors with our passes. */
  passKitLog: endpoint({
    method: 'POST',
    path: '/api/passes/v1/log',
    body: PassKitLogSchema,
    status: 200,
    reply: 'empty',
  }),
  /** Download a pass for Apple Wallet through a signed link. */
  appleDownload: endpoint({
    method: 'GET',
    path: '/api/passes/apple/:file',
    params: AppleDownloadParamsSchema,
    query: AppleDownloadQuerySchema,
    status: 200,
    reply: 'file',
  }),
} as const;
