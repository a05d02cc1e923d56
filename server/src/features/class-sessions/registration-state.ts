/**
 * Where a class session stands for registration at a moment (contract `RegistrationState`).
 * Rules (docs/architecture.md, Registration domain): a session that is inactive or has ended is Closed; one
 * with neither window set takes only waitlist sign-ups; inside the general window it is Open (or Full);
 * inside the priority window it is PriorityOpen (or Full); while a window is still to open it is Upcoming;
 * after both have closed it is Closed.
 */
import type { RegistrationState } from '@lc/contract';

export type SessionWindows = {
  isActive: boolean;
  waitlistActive: boolean;
  /** ISO date "YYYY-MM-DD". */
  sessionEndDate: string;
  priorityRegistrationStartDate: Date | null;
  priorityRegistrationEndDate: Date | null;
  registrationStartDate: Date | null;
  registrationEndDate: Date | null;
};

const within = (now: Date, start: Date | null, end: Date | null) =>
  start !== null && start <= now && (end === null || now <= end);

/** `today` is the center's calendar date ("YYYY-MM-DD"), used to tell whether the session has ended. */
export function registrationState(
  session: SessionWindows,
  seatsLeft: number,
  now: Date,
  today: string,
): RegistrationState {
  if (!session.isActive || session.sessionEndDate < today) return 'Closed';
  const starts = [session.priorityRegistrationStartDate, session.registrationStartDate].filter(
    (d): d is Date => d !== null,
  );
  if (starts.length === 0) return session.waitlistActive ? 'WaitlistOnly' : 'Closed';
  if (within(now, session.registrationStartDate, session.registrationEndDate))
    return seatsLeft > 0 ? 'Open' : 'Full';
  if (within(now, session.priorityRegistrationStartDate, session.priorityRegistrationEndDate)) {
    return seatsLeft > 0 ? 'PriorityOpen' : 'Full';
  }
  if (starts.some((start) => now < start)) return 'Upcoming';
  return 'Closed';
}
