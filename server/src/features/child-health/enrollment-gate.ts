/**
 * The health records in a new enrollment (issue 26 part 1; decision 035): enrollment's eligibility
 * (`enrollment/eligibility.ts`, spec §7 VerifyEligibility) hands its verdicts here with the session; a child
 * who may enroll but lacks a record the session's program marks `Blocks` may not (the sentence says exactly
 * what is missing and where to add it); a `Warns` requirement, or one still valid but expiring, adds a
 * sentence and lets them enroll. Children already enrolled or holding a seat are left as they are, so a
 * checkout already begun is never refused half way. Shapes are structural, so this domain does not import
 * enrollment.
 */
import type { ComplianceItem, Language } from '@lc/contract';
import type { DbOrTx } from '../../db/client.ts';
import { mailT } from '../../i18n/family-mail.ts';
import { enrollmentHealth } from './compliance.ts';
import { itemsPhrase } from './phrases.ts';
import { sessionRequirements } from './requirements.ts';

type Judged = {
  child: { id: string; firstName: string; enrollmentStatus: string | null };
  verdict: { canEnroll: boolean; canJoinWaitlist: boolean; eligibility: string };
};

/** What the enroll page shows of a child's health records for the session. */
export type HealthGate = { blocking: ComplianceItem[]; warnings: ComplianceItem[] };

/**
 * `judged` with the health records applied for session `session` on `today`, in `language`; each child's
 * gate beside (absent when nothing is missing).
 */
export async function applyHealthGate<T extends Judged>(
  db: DbOrTx,
  session: { id: number; name: string },
  judged: readonly T[],
  today: string,
  language: Language = 'en',
): Promise<Array<T & { health?: HealthGate }>> {
  const open = judged.filter((j) => j.child.enrollmentStatus === null);
  const gates = await enrollmentHealth(
    db,
    session.id,
    open.map((j) => j.child.id),
    today,
  );
  if (gates.size === 0) return [...judged];
  const { requirements } = await sessionRequirements(db, session.id);
  const monthsOf = (item: ComplianceItem) =>
    requirements.find((r) => r.requirement === item.requirement)?.months ?? null;
  const t = mailT(language);
  return judged.map((j) => {
    const gate = j.child.enrollmentStatus === null ? gates.get(j.child.id) : undefined;
    if (!gate) return j;
    const name = j.child.firstName;
    if (j.verdict.canEnroll && gate.blocking.length > 0)
      return {
        ...j,
        health: gate,
        verdict: {
          ...j.verdict,
          canEnroll: false,
          eligibility: t('health.blocked', {
            name,
            session: session.name,
            missing: itemsPhrase(gate.blocking, monthsOf, language),
          }),
        },
      };
    // A warning leaves the family's sentence as it is (spec's VerifyEligibility sentence); the enroll page
    // shows what is missing beside the child with a link to the Health page (`health.warnings`).
    return { ...j, health: gate };
  });
}
