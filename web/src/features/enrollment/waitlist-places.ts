/**
 * The waitlist places the success page shows: those the waitlist page just received (router state), or —
 * on a reload or an opened link, when there is no state — the family's open places in the session from
 * GET /api/ClassSessionEnrollment/Waitlist.
 */
import { type WaitlistSubmission, WaitlistSubmissionSchema } from '@lc/contract';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { enrollmentQueries } from '../../api/queries/enrollment.ts';

/** What the waitlist page passes to the success page in `location.state`. */
export type WaitlistSuccessState = { places: WaitlistSubmission[] };

const StateSchema = z.object({ places: z.array(WaitlistSubmissionSchema).min(1) });

/** The places in router state for this session, or null when the state is missing or not ours. */
export function placesFromState(state: unknown, classSessionId: number): WaitlistSubmission[] | null {
  const parsed = StateSchema.safeParse(state);
  if (!parsed.success) return null;
  const places = parsed.data.places.filter((p) => p.classSessionId === classSessionId);
  return places.length > 0 ? places : null;
}

/** The session's places from router state when present (at once, no request), otherwise loaded from the API. */
export function useWaitlistPlaces(
  classSessionId: number,
  state: unknown,
): UseQueryResult<WaitlistSubmission[]> {
  return useQuery({
    ...enrollmentQueries.waitlistIn(classSessionId),
    // The places the waitlist page passed count as loaded and fresh: shown at once, the API not asked.
    initialData: placesFromState(state, classSessionId) ?? undefined,
  });
}
