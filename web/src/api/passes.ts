/**
 * Pickup passes and attendance (issue 11). Shapes: contract `passes.ts`. Family calls use the session token;
 * door calls (`kiosk…`) use the tablet's kiosk token.
 */
import {
  type AttendanceQuery,
  type AttendanceRecord,
  api,
  type Board,
  type DoorResult,
  type DoorScan,
  type Kiosk,
  type PassCard,
  type PassState,
  type PickupPass,
} from '@lc/contract';
import { apiDownload, apiRequest, apiUpload, kioskRequest } from './client.ts';

export type AttendanceList = { records: AttendanceRecord[]; truncated: boolean };

/** GET the adult's current pass and what can be done with it. */
export function getPassState(trusteeId: string, signal?: AbortSignal): Promise<PassState> {
  return apiRequest<PassState>(api.trusteePass(trusteeId), { signal });
}

/** POST: issue (or re-issue, revoking the old one) a pass with the adult's PIN. */
export function issuePass(trusteeId: string, pin: string): Promise<PickupPass> {
  return apiRequest<PickupPass>(api.trusteePass(trusteeId), { method: 'POST', body: { pin } });
}

/** DELETE: revoke the adult's pass (it stops working at the door at once). */
export function revokePass(trusteeId: string): Promise<PickupPass> {
  return apiRequest<PickupPass>(api.trusteePass(trusteeId), { method: 'DELETE' });
}

/** GET the printable card of the adult's current pass (QR code, code, wallet links). */
export function getPassCard(trusteeId: string, signal?: AbortSignal): Promise<PassCard> {
  return apiRequest<PassCard>(api.trusteePassCard(trusteeId), { signal });
}

/** PUT the adult's photo (JPEG or PNG, ≤ 5 MB) on their current pass. */
export function uploadPassPhoto(trusteeId: string, file: File): Promise<PassState> {
  const form = new FormData();
  form.set('file', file);
  return apiUpload<PassState>(api.trusteePassPhoto(trusteeId), form, 'PUT');
}

/** POST: the parent's own contact (made on first use), to issue themselves a pass. */
export function ensureSelfContact(): Promise<{ trusteeId: string }> {
  return apiRequest<{ trusteeId: string }>(api.selfContact, { method: 'POST' });
}

/** GET the family's drop-offs and pickups. */
export function getFamilyAttendance(query: AttendanceQuery, signal?: AbortSignal): Promise<AttendanceList> {
  return apiRequest<AttendanceList>(api.familyAttendance, { query: { ...query }, signal });
}

/** POST: the holder opens their pass with its code. */
export function openPassCard(code: string): Promise<PassCard> {
  return apiRequest<PassCard>(api.passCard, { method: 'POST', body: { code } });
}

// -------------------------------------------------------------------------------------------- the door

/** GET this tablet (throws 401 once it was revoked). */
export function kioskMe(token: string): Promise<{ id: string; name: string }> {
  return kioskRequest(api.kioskMe, token);
}

/** POST the scanned or typed code: who is at the door and their children today. */
export function kioskScan(token: string, code: string, method: 'Pass' | 'Code'): Promise<DoorScan> {
  return kioskRequest(api.kioskScan, token, { method: 'POST', body: { code, method } });
}

type Chosen = { studentId: string; classSessionId: number };

/** POST drop-off of the chosen children. */
export function kioskCheckIn(
  token: string,
  body: { code: string; method: 'Pass' | 'Code'; children: Chosen[] },
): Promise<{ results: DoorResult[] }> {
  return kioskRequest(api.kioskCheckIn, token, { method: 'POST', body });
}

/** POST pickup of the chosen children with the PIN or the photo confirmed. */
export function kioskCheckOut(
  token: string,
  body: { code: string; method: 'Pass' | 'Code'; children: Chosen[]; pin?: string; photoConfirmed?: boolean },
): Promise<{ results: DoorResult[] }> {
  return kioskRequest(api.kioskCheckOut, token, { method: 'POST', body });
}

// ---------------------------------------------------------------------------------------------- staff

/** GET the door tablets. */
export function listKiosks(signal?: AbortSignal): Promise<Kiosk[]> {
  return apiRequest<Kiosk[]>(api.staffKiosks, { signal });
}

/**
 * POST: set this tablet up as a kiosk; the token is shown once. `currentToken`, the kiosk token this browser
 * already keeps, makes the server answer that tablet again instead of a second one.
 */
export function enrollKiosk(name: string, currentToken?: string): Promise<{ kiosk: Kiosk; token: string }> {
  return apiRequest(api.staffKiosks, {
    method: 'POST',
    body: currentToken ? { name, currentToken } : { name },
  });
}

/** POST: stop a tablet working as a kiosk. */
export function revokeKiosk(kioskId: string): Promise<Kiosk> {
  return apiRequest<Kiosk>(api.staffKioskRevoke(kioskId), { method: 'POST' });
}

/** POST a hand check-in or check-out. */
export function recordAttendance(body: {
  studentId: string;
  classSessionId: number;
  kind: 'CheckIn' | 'CheckOut';
  trusteeId?: string | null;
  adultName?: string | null;
}): Promise<DoorResult> {
  return apiRequest<DoorResult>(api.staffAttendance, { method: 'POST', body });
}

/** GET today's board. */
export function getBoard(signal?: AbortSignal): Promise<Board> {
  return apiRequest<Board>(api.staffAttendanceToday, { signal });
}

/** GET the attendance history the caller may see. */
export function getStaffAttendance(query: AttendanceQuery, signal?: AbortSignal): Promise<AttendanceList> {
  return apiRequest<AttendanceList>(api.staffAttendance, { query: { ...query }, signal });
}

/** GET the history as CSV, as a file to save. */
export function downloadAttendanceCsv(query: AttendanceQuery) {
  const search = new URLSearchParams(
    Object.entries(query)
      .filter((e) => e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return apiDownload(`${api.staffAttendanceCsv}${search.size ? `?${search}` : ''}`);
}
