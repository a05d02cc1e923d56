/**
 * Staff on duty (issue 26, decision 038). Shapes: contract `staff-duty.ts`; rows: contract `api/duty.ts`.
 * The door tablet's staff clock uses the tablet's kiosk token; everything else the staff session.
 */
import {
  type Certification,
  type CertificationInput,
  type ClockAction,
  type DutyClockResult,
  type DutyMe,
  type DutyRatios,
  dutyApi,
  type KioskDutyPerson,
  type Punch,
  type PunchAdd,
  type PunchFix,
  type Timesheet,
} from '@lc/contract';
import { callApi, callKiosk, uploadApi } from './call.ts';

/** Query keys of the staff-on-duty reads. */
export const dutyKeys = {
  all: ['staff-duty'] as const,
  ratios: () => [...dutyKeys.all, 'ratios'] as const,
  me: () => [...dutyKeys.all, 'me'] as const,
  timesheet: (week: string) => [...dutyKeys.all, 'timesheet', week] as const,
  expiring: () => [...dutyKeys.all, 'expiring'] as const,
  certifications: (userId: string) => [...dutyKeys.all, 'certifications', userId] as const,
  phone: (classSessionId: number) => [...dutyKeys.all, 'phone', classSessionId] as const,
};

/** GET today's rooms: children present against staff on duty, and today's breaches. */
export function getRatios(signal?: AbortSignal): Promise<DutyRatios> {
  return callApi(dutyApi.ratios, { signal });
}

/** GET my PIN state, open punch, today's punches and rooms. */
export function getDutyMe(signal?: AbortSignal): Promise<DutyMe> {
  return callApi(dutyApi.me, { signal });
}

/** PUT my clock-in PIN. */
export function setDutyPin(pin: string): Promise<void> {
  return callApi(dutyApi.setPin, { body: { pin } }).then(() => undefined);
}

/** POST a clock-in or -out from the phone. */
export function clockFromPhone(classSessionId: number, action: ClockAction): Promise<DutyClockResult> {
  return callApi(dutyApi.clock, { body: { classSessionId, action } });
}

/** GET the week holding `week` (any day of it; none: this week on the center's calendar). */
export function getTimesheet(week: string | undefined, signal?: AbortSignal): Promise<Timesheet> {
  return callApi(dutyApi.timesheets, { query: week ? { week } : {}, signal });
}

/** GET the same week as the payroll CSV. */
export function downloadTimesheetCsv(week: string | undefined) {
  return callApi(dutyApi.timesheetsCsv, { query: week ? { week } : {} });
}

/** GET the certifications expiring next (the director). */
export function getExpiring(signal?: AbortSignal): Promise<{ certifications: Certification[] }> {
  return callApi(dutyApi.expiring, { signal });
}

/** GET the staff members who can clock in at this tablet. */
export function kioskDutyStaff(token: string): Promise<{ people: { userId: string; name: string }[] }> {
  return callKiosk(dutyApi.kioskStaff, token);
}

/** POST: who is at the tablet, by their PIN (and their name, when chosen). */
export function kioskDutyIdentify(
  token: string,
  body: { userId?: string | null; pin: string },
): Promise<KioskDutyPerson> {
  return callKiosk(dutyApi.kioskIdentify, token, { body });
}

/** POST: clock in to or out of a room at the tablet. */
export function kioskDutyClock(
  token: string,
  body: { userId?: string | null; pin: string; classSessionId: number; action: ClockAction },
): Promise<DutyClockResult> {
  return callKiosk(dutyApi.kioskClock, token, { body });
}

/** POST a missed punch for a staff member (the director; with a reason). */
export function addPunch(body: PunchAdd): Promise<Punch> {
  return callApi(dutyApi.addPunch, { body });
}

/** PATCH a punch's times (the director; with a reason; the original is kept). */
export function fixPunch(punchId: string, body: PunchFix): Promise<Punch> {
  return callApi(dutyApi.fixPunch, { params: { punchId }, body });
}

/** GET whether a session allows clocking in from the phone (the director). */
export function getPhoneClock(classSessionId: number, signal?: AbortSignal): Promise<{ allowed: boolean }> {
  return callApi(dutyApi.phone, { params: { classSessionId }, signal });
}

/** PUT: allow or stop clocking in from the phone for a session (the director). */
export function setPhoneClock(classSessionId: number, allowed: boolean): Promise<void> {
  return callApi(dutyApi.setPhone, { params: { classSessionId }, body: { allowed } }).then(() => undefined);
}

/** GET a staff member's certifications (the director, or the person themselves). */
export function getCertifications(
  userId: string,
  signal?: AbortSignal,
): Promise<{ certifications: Certification[] }> {
  return callApi(dutyApi.certifications, { params: { userId }, signal });
}

/** POST a certification to a staff member's profile (the director). */
export function addCertification(userId: string, body: CertificationInput): Promise<Certification> {
  return callApi(dutyApi.addCertification, { params: { userId }, body });
}

/** PUT a certificate's scan (a PDF, JPEG or PNG; the director). */
export function uploadCertificationDocument(certificationId: string, file: File): Promise<Certification> {
  const form = new FormData();
  form.append('file', file);
  return uploadApi(dutyApi.uploadCertificationDocument, form, { params: { certificationId } });
}

/** DELETE a certification (the director). */
export function removeCertification(certificationId: string): Promise<void> {
  return callApi(dutyApi.removeCertification, { params: { certificationId } }).then(() => undefined);
}
