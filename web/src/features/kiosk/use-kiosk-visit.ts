/**
 * One visit at the door as a state machine (issue 11): scan → adult → PIN → all set, back to scanning when
 * done (after `DONE_AFTER_MS`) or abandoned (after `RESET_AFTER_MS`); each step's heading takes the focus.
 * A kiosk token the server no longer knows (401) ends kiosk mode on this tablet.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { kioskScan } from '../../api/passes';
import { failedWith } from '../forms/feedback';
import { DONE_AFTER_MS, KIOSK_TOKEN_KEY, messageOf, RESET_AFTER_MS, type Visit } from './kiosk-parts';

/** The visit on screen, its problem (if any), the step heading's ref, `reset` and `lookUp` (a pass's code). */
export function useKioskVisit(token: string, onLeft: () => void) {
  const [visit, setVisit] = useState<Visit>({ step: 'scan' });
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const reset = useCallback(() => {
    setVisit({ step: 'scan' });
    setProblem(null);
  }, []);

  // A finished or abandoned visit clears itself for the next family.
  useEffect(() => {
    if (visit.step === 'scan' || visit.step === 'loading') return;
    const timer = window.setTimeout(reset, visit.step === 'done' ? DONE_AFTER_MS : RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [visit, reset]);

  // Each step's heading takes the focus, so a screen reader announces where the visit is.
  const step = visit.step;
  useEffect(() => {
    if (step !== 'loading') headingRef.current?.focus();
  }, [step]);

  const lookUp = useCallback(
    async (code: string, method: 'Pass' | 'Code') => {
      setVisit({ step: 'loading' });
      setProblem(null);
      try {
        const scan = await kioskScan(token, code, method);
        setVisit({ step: 'adult', code, method, scan });
      } catch (error) {
        if (failedWith(error, 401)) {
          localStorage.removeItem(KIOSK_TOKEN_KEY);
          onLeft();
          return;
        }
        setProblem(messageOf(error));
        setVisit({ step: 'scan' });
      }
    },
    [token, onLeft],
  );

  return { visit, setVisit, problem, setProblem, headingRef, reset, lookUp };
}
