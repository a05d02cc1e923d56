/**
 * Pickup passes and attendance (issue 11). Shapes: contract `passes.ts`. Family calls use the session token;
 * door calls (`kiosk…`) use the tablet's kiosk token.
 */
import {
  type AttendanceQuery,
  type AttendanceRecord,
  type Board,
  type DoorResult,
  type DoorResults,
  type DoorScan,
  type Kiosk,
  type PassCard,
  type PassState,
  type PickupPass,
  passesApi,
} from '@lc/contract';
import { callApi, callKiosk, uploadApi } from './call.ts';

export type AttendanceList = { records: AttendanceRecord[]; truncated: boolean };

/** GET the adult's current pass and what can be done with it. */
export function getPassState(trusteeId: string, signal?: AbortSignal): Promise<PassState> {
  return callApi(passesApi.passState, { params: { trusteeId }, signal });
}

/** POST: issue (or re-issue, revoking the old one) a pass with the adult's PIN. */
export function issuePass(trusteeId: string, pin: string): Promise<PickupPass> {
  return callApi(passesApi.issuePass, { params: { trusteeId }, body: { pin } });
}

/** DELETE: revoke the adult's pass (it stops working at the door at once). */
export function revokePass(trusteeId: string): Promise<PickupPass> {
  return callApi(passesApi.revokePass, { params: { trusteeId } });
}

/** GET the printable card of the adult's current pass (QR code, code, wallet links). */
export function getPassCard(trusteeId: string, signal?: AbortSignal): Promise<PassCard> {
  return callApi(passesApi.passCard, { params: { trusteeId }, signal });
}

/** PUT the adult's photo (JPEG or PNG, ≤ 5 MB) on their current pass. */
export function uploadPassPhoto(trusteeId: string, file: File): Promise<PassState> {
  const form = new FormData();
  form.set('file', file);
  return uploadApi(passesApi.uploadPassPhoto, form, { params: { trusteeId } });
}

/** POST: the parent's own contact (made on first use), to issue themselves a pass. */
export function ensureSelfContact(): Promise<{ trusteeId: string }> {
  return callApi(passesApi.selfContact);
}

/** GET the family's drop-offs and pickups. */
export function getFamilyAttendance(query: AttendanceQuery, signal?: AbortSignal): Promise<AttendanceList> {
  return callApi(passesApi.familyAttendance, { query: { ...query }, signal });
}

/** POST: the holder opens their pass with its code. */
export function openPassCard(code: string): Promise<PassCard> {
  return callApi(passesApi.holderCard, { body: { code } });
}

// -------------------------------------------------------------------------------------------- the door

/** GET this tablet (throws 401 once it was revoked). */
export function kioskMe(token: string): Promise<{ id: string; name: string }> {
  return callKiosk(passesApi.kioskMe, token);
}

/** POST the scanned or typed code: who is at the door and their children today. */
export function kioskScan(token: string, code: string, method: 'Pass' | 'Code'): Promise<DoorScan> {
  return callKiosk(passesApi.kioskScan, token, { body: { code, method } });
}

type Chosen = { studentId: string; classSessionId: number };

/** POST drop-off of the chosen children. */
export function kioskCheckIn(
  token: string,
  body: { code: string; method: 'Pass' | 'Code'; children: Chosen[] },
): Promise<DoorResults> {
  return callKiosk(passesApi.kioskCheckIn, token, { body });
}

/** POST pickup of the chosen children with the PIN or the photo confirmed. */
export function kioskCheckOut(
  token: string,
  body: { code: string; method: 'Pass' | 'Code'; children: Chosen[]; pin?: string; photoConfirmed?: boolean },
): Promise<{ results: DoorResult[] }> {
  return callKiosk(passesApi.kioskCheckOut, token, { body });
}

// ---------------------------------------------------------------------------------------------- staff

/** GET the door tablets. */
export function listKiosks(signal?: AbortSignal): Promise<Kiosk[]> {
  return callApi(passesApi.kiosks, { signal });
}

/**
 * POST: set this tablet up as a kiosk; the token is shown once. `currentToken`, the kiosk token this browser
 * already keeps, makes the server answer that tablet again instead of a second one.
 */
export function enrollKiosk(name: string, currentToken?: string): Promise<{ kiosk: Kiosk; token: string }> {
  return callApi(passesApi.enrollKiosk, { body: currentToken ? { name, currentToken } : { name } });
}

/** POST: stop a tablet working as a kiosk. */
export function revokeKiosk(kioskId: string): Promise<Kiosk> {
  return callApi(passesApi.revokeKiosk, { params: { kioskId } });
}

/** POST a hand check-in or check-out. */
export function recordAttendance(body: {
  studentId: string;
  classSessionId: number;
  kind: 'CheckIn' | 'CheckOut';
  trusteeId?: string | null;
  adultName?: string | null;
}): Promise<DoorResult> {
  return callApi(passesApi.recordAttendance, { body });
}

/** GET today's board. */
export function getBoard(signal?: AbortSignal): Promise<Board> {
  return callApi(passesApi.board, { signal });
}

/** GET the attendance history the caller may see. */
export function getStaffAttendance(query: AttendanceQuery, signal?: AbortSignal): Promise<AttendanceList> {
  return callApi(passesApi.staffAttendance, { query: { ...query }, signal });
}

/** GET the history as CSV, as a file to save (empty filters left out). */
export function downloadAttendanceCsv(query: AttendanceQuery) {
  const filled = Object.entries(query).filter((e) => e[1] !== undefined && e[1] !== '');
  return callApi(passesApi.attendanceCsv, { query: Object.fromEntries(filled) });
}
