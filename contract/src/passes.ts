/**
 * Pickup passes and attendance (issue 11, docs/architecture.md "Pickup passes and attendance"). A pass belongs to
 * one trusted adult (a Trustee who may pick up, or a parent); its QR code carries an opaque credential that
 * the door looks up on every scan. Instants are ISO date-times; calendar dates are "YYYY-MM-DD" in the
 * center's time zone.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema } from './fields.ts';
import { RatioNowSchema } from './staff-duty.ts';

/** What the door says about a pass: it works, or why it does not. */
export const PASS_STATUSES = ['Active', 'Revoked', 'Expired', 'Paused'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];

export const PIN_MESSAGE = fieldMessage('fields.passes.pin');

/** `POST /api/Student/Trustees/{trusteeId}/Pass`: issue (or re-issue) the adult's pass with their PIN. */
export const PassIssueSchema = z.object({
  pin: z
    .string({ error: PIN_MESSAGE })
    .trim()
    .regex(/^\d{4,6}$/, PIN_MESSAGE),
});
export type PassIssueInput = z.input<typeof PassIssueSchema>;

/**
 * A pass as its family sees it: the spec §3 DigitalPassport fields (spelled as the spec spells them) plus its
 * state. `applePassAuthenticationToken` is never sent (always null): it opens the pass's PassKit web service.
 */
export const PickupPassSchema = z.object({
  id: z.string(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
  data: z.string().nullable(),
  applePassUrl: z.string().nullable(),
  applePassAuthenticationToken: z.null(),
  applePassIdenitifier: z.string().nullable(),
  applePassSerialNumber: z.string().nullable(),
  googlePassUrl: z.string().nullable(),
  trusteeId: z.string(),
  holderName: z.string(),
  status: z.enum(PASS_STATUSES),
  /** Plain words for a status other than Active. */
  statusReason: z.string().nullable(),
  created: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type PickupPass = z.infer<typeof PickupPassSchema>;

/** `GET /api/Student/Trustees/{trusteeId}/Pass`: the adult's current pass, if any. */
export const PassStateSchema = z.object({
  pass: PickupPassSchema.nullable(),
  /** Why a pass cannot be issued now (not allowed to pick up, inactive), or null. */
  cannotIssue: z.string().nullable(),
  /** Which wallets this center offers. */
  wallets: z.object({ apple: z.boolean(), google: z.boolean() }),
});
export type PassState = z.infer<typeof PassStateSchema>;

/** The printable card: what the holder shows at the door. Only for the family or the holder of the code. */
export const PassCardSchema = z.object({
  holderName: z.string(),
  relationship: z.string(),
  /** First names of the children the adult may pick up. */
  children: z.array(z.string()),
  status: z.enum(PASS_STATUSES),
  statusReason: z.string().nullable(),
  expiresAt: z.string(),
  /** The credential in groups of four, for typing at the kiosk. */
  code: z.string(),
  /** The QR code of the credential as an SVG document. */
  qrSvg: z.string(),
  /** A short-lived link that downloads the Apple Wallet pass, when Apple Wallet is set up. */
  appleWalletUrl: z.string().nullable(),
  /** The "Save to Google Wallet" link, when Google Wallet is set up. */
  googleWalletUrl: z.string().nullable(),
});
export type PassCard = z.infer<typeof PassCardSchema>;

/** `POST /api/passes/card`: the holder opens their pass with the code from their email. */
export const PassCodeSchema = z.object({
  code: z
    .string({ error: fieldMessage('fields.passes.passCodeRequired') })
    .trim()
    .min(20, fieldMessage('fields.passes.passCodeRequired'))
    .max(64, fieldMessage('fields.passes.passCodeRequired')),
});

/** `POST /api/Student/Trustees/Self` answer: the parent's own contact, made on first use. */
export const SelfContactSchema = z.object({ trusteeId: z.string() });

// ---------------------------------------------------------------------------------------------------
// The door

/** `GET /api/kiosk/me` answer: the tablet calling. */
export const KioskMeSchema = z.object({ id: z.string(), name: z.string() });

export const ATTENDANCE_KINDS = ['CheckIn', 'CheckOut'] as const;
export type AttendanceKind = (typeof ATTENDANCE_KINDS)[number];
export const ATTENDANCE_METHODS = ['Pass', 'Code', 'Staff'] as const;
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

/** Where a child stands today in one session. */
export const DOOR_STATES = ['NotArrived', 'In', 'Out'] as const;
export type DoorState = (typeof DOOR_STATES)[number];

/** One child an adult may bring or take today, in one of today's sessions. */
export const DoorChildSchema = z.object({
  studentId: z.string(),
  classSessionId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  sessionName: z.string(),
  allergies: z.array(z.string()),
  state: z.enum(DOOR_STATES),
  /** The last event today, in plain words ("Checked in at 8:31 AM by Rosa Rivera"), or null. */
  lastEvent: z.string().nullable(),
});
export type DoorChild = z.infer<typeof DoorChildSchema>;

/** `POST /api/kiosk/scan` answer: who is at the door and the children they may bring or take today. */
export const DoorScanSchema = z.object({
  holderName: z.string(),
  relationship: z.string(),
  /** The adult's photo as a data URL, when one was uploaded. */
  photo: z.string().nullable(),
  children: z.array(DoorChildSchema),
  /** True while wrong PINs have locked pickups with this pass. */
  pinLocked: z.boolean(),
});
export type DoorScan = z.infer<typeof DoorScanSchema>;

/** A scanned QR code or a typed code. */
export const KioskScanInputSchema = z.object({
  code: z
    .string({ error: fieldMessage('fields.passes.scanPassTypeCode') })
    .trim()
    .min(1, fieldMessage('fields.passes.scanPassTypeCode'))
    .max(200),
  /** How the code arrived: the camera (`Pass`) or the keyboard (`Code`). */
  method: z.enum(['Pass', 'Code']).default('Pass'),
});

const ChildSessionSchema = z.object({ studentId: z.string(), classSessionId: z.number().int() });

export const KioskCheckInSchema = KioskScanInputSchema.extend({
  children: z
    .array(ChildSessionSchema, { error: fieldMessage('fields.passes.chooseChild') })
    .min(1, fieldMessage('fields.passes.chooseChild'))
    .max(20),
});

export const KioskCheckOutSchema = KioskCheckInSchema.extend({
  /** The adult's PIN, or… */
  pin: z.string().trim().max(12).optional(),
  /** …the staff member at the door confirming the photo on the pass is the adult in front of them. */
  photoConfirmed: z.boolean().optional(),
});

/** What happened to each child of a check-in or check-out. */
export const DoorResultSchema = z.object({
  studentId: z.string(),
  classSessionId: z.number().int(),
  firstName: z.string(),
  /** `done`: recorded now; `already`: the same event a moment ago (a double scan); `refused`: see `reason`. */
  outcome: z.enum(['done', 'already', 'refused']),
  reason: z.string().nullable(),
  at: z.string().nullable(),
});
export type DoorResult = z.infer<typeof DoorResultSchema>;
export const DoorResultsSchema = z.object({
  results: z.array(DoorResultSchema),
  /**
   * Rooms a drop-off just left over their licensing ratio (issue 26): the child is in all the same, the tablet
   * warns the person there, and the director is alerted once per breach. Absent when none.
   */
  ratioWarnings: z.array(RatioNowSchema).optional(),
});
export type DoorResults = z.infer<typeof DoorResultsSchema>;

/** A door tablet (kiosk) as staff see it. */
export const KioskSchema = z.object({
  id: z.string(),
  name: z.string(),
  created: z.string(),
  createdBy: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Kiosk = z.infer<typeof KioskSchema>;

export const KioskCreateSchema = z.object({
  name: z
    .string({ error: fieldMessage('fields.passes.nameTablet') })
    .trim()
    .min(2, fieldMessage('fields.passes.nameTablet'))
    .max(60, fieldMessage('fields.passes.keepNameUnder60Characters')),
  /**
   * The kiosk token this browser already keeps, if any (issue 21): when it is a working tablet's, that tablet
   * is reused (renamed to `name`) instead of a second one being made.
   */
  currentToken: z.string().max(200).optional(),
});
/** `/api/staff/kiosks/{kioskId}/…`: one door tablet. */
export const KioskIdParamsSchema = z.object({ kioskId: z.string() });

/** The new kiosk and its credential (shown once; the tablet keeps it). */
export const KioskEnrolledSchema = z.object({ kiosk: KioskSchema, token: z.string() });

/** `POST /api/staff/attendance`: staff record a check-in or check-out by hand, naming the adult. */
export const StaffAttendanceInputSchema = z.object({
  studentId: z.string(),
  classSessionId: z.number().int(),
  kind: z.enum(ATTENDANCE_KINDS),
  /** One of the child's emergency contacts… */
  trusteeId: z.string().nullish(),
  /** …or the adult's name as they gave it (a parent, or someone the family called ahead about). */
  adultName: z
    .string()
    .trim()
    .max(80, fieldMessage('fields.passes.keepNameUnder80Characters'))
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** One attendance record (spec §3 Attendance plus direction and method). */
export const AttendanceRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTENDANCE_KINDS),
  timestamp: z.string(),
  studentId: z.string(),
  childName: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  trusteeId: z.string().nullable(),
  adultName: z.string().nullable(),
  method: z.enum(ATTENDANCE_METHODS),
  secondFactor: z.enum(['Pin', 'Photo']).nullable(),
  /** The staff member who recorded it by hand or confirmed the photo. */
  staffName: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;

/** A real calendar day in the sane range (the contract's one date field), or absent. */
const isoDate = calendarDateSchema(fieldMessage('fields.passes.useDate20260914')).optional();

/** Attendance history filters (staff and parent): a child, a session, and a date range (inclusive). */
export const AttendanceQuerySchema = z.object({
  studentId: z.string().optional(),
  classSessionId: z.coerce.number().int().positive().optional(),
  from: isoDate,
  to: isoDate,
});
export type AttendanceQuery = z.output<typeof AttendanceQuerySchema>;
export const AttendanceListSchema = z.object({
  records: z.array(AttendanceRecordSchema),
  truncated: z.boolean(),
});

/** Today's board: per session, each enrolled child's state. */
export const BoardChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  allergies: z.array(z.string()),
  state: z.enum(DOOR_STATES),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** Who took the child (when Out). */
  pickedUpBy: z.string().nullable(),
  /** Still in after the session's end plus the late-pickup grace. */
  late: z.boolean(),
});
export const BoardSessionSchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  daySchedule: z.string(),
  /** The end of today's session plus the grace, as an instant, when the schedule could be read. */
  lateAfter: z.string().nullable(),
  /**
   * Today's early dismissal from the center's calendar (issue 24): children go home at `dismissAt` ("HH:MM",
   * the center's clock), and `lateAfter` counts from it. Null or absent on an ordinary day.
   */
  earlyDismissal: z.object({ dismissAt: z.string(), reason: z.string() }).nullish(),
  children: z.array(BoardChildSchema),
});
export const BoardSchema = z.object({ date: z.string(), sessions: z.array(BoardSessionSchema) });
export type Board = z.infer<typeof BoardSchema>;
export type BoardSession = z.infer<typeof BoardSessionSchema>;

// ---------------------------------------------------------------------------------------------------
// Apple's PassKit web service (server/src/features/passes/apple/routes.ts; Apple Wallet calls it, not the web)

const PassKitIdentifier = z.string().min(1).max(200);
/** `v1/devices/{device}/registrations/{passType}`. */
export const PassKitDeviceParamsSchema = z.object({
  deviceLibraryIdentifier: PassKitIdentifier,
  passTypeIdentifier: PassKitIdentifier,
});
/** `v1/devices/{device}/registrations/{passType}/{serial}`. */
export const PassKitRegistrationParamsSchema = PassKitDeviceParamsSchema.extend({
  serialNumber: PassKitIdentifier,
});
/** `v1/passes/{passType}/{serial}`. */
export const PassKitPassParamsSchema = z.object({
  passTypeIdentifier: PassKitIdentifier,
  serialNumber: PassKitIdentifier,
});
/** A device's registration: its push token. */
export const PassKitRegisterSchema = z.object({ pushToken: z.string().min(1).max(400) });
/** The tag of an earlier answer of the updated serial numbers. */
export const PassKitUpdatedQuerySchema = z.object({ passesUpdatedSince: z.string().max(40).optional() });
/** The serial numbers of a device's passes updated since a tag, and the new tag. */
export const PassKitUpdatedSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
/** Messages from devices. */
export const PassKitLogSchema = z.object({ logs: z.array(z.string()) });
/** `GET /api/passes/apple/{serialNumber}.pkpass`: the file, and the signed link's expiry and signature. */
export const AppleDownloadParamsSchema = z.object({ file: z.string().max(240) });
export const AppleDownloadQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});
