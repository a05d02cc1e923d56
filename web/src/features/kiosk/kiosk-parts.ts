/**
 * What the door kiosk's screens share (issue 11): where the tablet keeps its kiosk token, how long a visit
 * waits, the steps of one visit at the door, and how a failure reads to the family.
 */
import type { DoorResult, DoorScan, RatioNow } from '@lc/contract';
import { failureMessage } from '../forms/feedback';

/** Where the tablet keeps its kiosk token (beside the staff session's `token`, never both in use). */
export const KIOSK_TOKEN_KEY = 'kioskToken';
/** An abandoned visit (a family walked away mid-way) clears itself after this long. */
export const RESET_AFTER_MS = 60_000;
/**
 * The "All set" screen returns to scanning after this long (or at a tap or key press), for the next family:
 * long enough to read the children's names and a refusal's reason, short enough for a queue at the door.
 */
export const DONE_AFTER_MS = 10_000;

/** Alert titles in the body's text colour: the light variant's tinted titles (green, yellow) fail contrast. */
export const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** A failure in words for the family: the server’s message, or a generic one when it did not answer. */
export const messageOf = (error: unknown) =>
  failureMessage(error, 'Something went wrong. Please try again, or ask a staff member.');

/**
 * One visit at the door: scanning, looking the pass up, the adult and their children, the PIN, all set; or a
 * staff member clocking in or out (`staff`, issue 26).
 */
export type Visit =
  | { step: 'scan' }
  | { step: 'loading' }
  | { step: 'adult'; code: string; method: 'Pass' | 'Code'; scan: DoorScan }
  | { step: 'pin'; code: string; method: 'Pass' | 'Code'; scan: DoorScan; chosen: string[] }
  | {
      step: 'done';
      results: DoorResult[];
      kind: 'CheckIn' | 'CheckOut';
      holderName: string;
      /** Rooms a drop-off left over their ratio (issue 26): warned on the "All set" screen. */
      ratioWarnings?: RatioNow[];
    }
  | { step: 'staff' };

/** A child's choice key on the door screen: one child in one session. */
export const key = (c: { studentId: string; classSessionId: number }) => `${c.studentId}:${c.classSessionId}`;

/** The focused heading of the step on screen (each step's heading takes the focus). */
export type HeadingRef = React.RefObject<HTMLHeadingElement | null>;
