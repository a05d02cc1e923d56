import { describe, expect, it } from 'vitest';
import {
  type HealthFacts,
  judgeRequirements,
  mergeRequirements,
  type ProgramRequirement,
  physicalValidUntil,
  requiredDoses,
  scheduleGaps,
  type Vaccine,
} from './child-health.ts';

const physical: ProgramRequirement = { requirement: 'Physical', mode: 'Warns', months: 12 };
const shots: ProgramRequirement = { requirement: 'Immunizations', mode: 'Blocks', months: null };
const facts = (over: Partial<HealthFacts> = {}): HealthFacts => ({
  dateOfBirth: '2022-06-15',
  doses: [],
  physicalOn: null,
  documents: [],
  ...over,
});
const full = (vaccines: Partial<Record<string, number>>) =>
  Object.entries(vaccines).flatMap(([vaccine, n]) =>
    Array.from({ length: n ?? 0 }, (_, i) => ({ vaccine: vaccine as Vaccine, givenOn: `2023-0${i + 1}-01` })),
  );

describe('the health rule (decision 035)', () => {
  it('asks the under-5 doses, then the boosters from 5, and Tdap from 11', () => {
    expect(requiredDoses(42)).toEqual({
      DTaP: 4,
      Polio: 3,
      MMR: 1,
      Varicella: 1,
      HepatitisB: 3,
      Hib: 3,
      PCV: 4,
    });
    expect(requiredDoses(59).DTaP).toBe(4);
    expect(requiredDoses(60)).toEqual({ DTaP: 5, Polio: 4, MMR: 2, Varicella: 2, HepatitisB: 3 });
    expect(requiredDoses(131).Tdap).toBeUndefined();
    expect(requiredDoses(132).Tdap).toBe(1);
  });

  it('a physical counts 12 months: complete, expiring in its last 30 days, missing after', () => {
    const f = facts({ physicalOn: '2026-01-31' });
    expect(physicalValidUntil('2026-01-31', 1)).toBe('2026-02-28');
    expect(judgeRequirements(f, [physical], '2026-12-31')[0]).toMatchObject({ status: 'Complete' });
    expect(judgeRequirements(f, [physical], '2027-01-01')[0]).toMatchObject({
      status: 'Expiring',
      expiresOn: '2027-01-31',
    });
    expect(judgeRequirements(f, [physical], '2027-01-31')[0]!.status).toBe('Expiring');
    expect(judgeRequirements(f, [physical], '2027-02-01')[0]).toMatchObject({
      status: 'Missing',
      expiresOn: null,
    });
    expect(judgeRequirements(facts(), [physical], '2026-06-01')[0]!.status).toBe('Missing');
  });

  it('immunizations: every dose for the age, or a current certificate; a dose after today does not count', () => {
    const today = '2026-11-20';
    const doses = full({ DTaP: 4, Polio: 3, MMR: 1, Varicella: 1, HepatitisB: 3, Hib: 3, PCV: 4 });
    expect(judgeRequirements(facts({ doses }), [shots], today)[0]!.status).toBe('Complete');
    const short = doses.filter((d) => d.vaccine !== 'Varicella');
    const missing = judgeRequirements(facts({ doses: short }), [shots], today)[0]!;
    expect(missing).toMatchObject({
      status: 'Missing',
      missingDoses: [{ vaccine: 'Varicella', have: 0, need: 1 }],
    });
    const future = [...short, { vaccine: 'Varicella' as const, givenOn: '2026-11-21' }];
    expect(judgeRequirements(facts({ doses: future }), [shots], today)[0]!.status).toBe('Missing');
    const cert = (expiresOn: string | null) =>
      facts({ documents: [{ kind: 'ImmunizationCertificate', expiresOn }] });
    expect(judgeRequirements(cert(null), [shots], today)[0]!.status).toBe('Complete');
    expect(judgeRequirements(cert('2026-12-10'), [shots], today)[0]).toMatchObject({
      status: 'Expiring',
      expiresOn: '2026-12-10',
    });
    expect(judgeRequirements(cert('2026-11-19'), [shots], today)[0]!.status).toBe('Missing');
    // Another kind of document does not count.
    expect(
      judgeRequirements(facts({ documents: [{ kind: 'DoctorNote', expiresOn: null }] }), [shots], today)[0]!
        .status,
    ).toBe('Missing');
    expect(scheduleGaps(facts({ doses: short }), today)).toEqual([
      { vaccine: 'Varicella', have: 0, need: 1 },
    ]);
  });

  it('merges programs: any asks, blocking if any blocks, the shortest physical', () => {
    expect(
      mergeRequirements([
        [{ ...physical, months: 12 }],
        [
          { ...physical, mode: 'Blocks', months: 6 },
          { ...shots, mode: 'Warns' },
        ],
      ]),
    ).toEqual([
      { requirement: 'Immunizations', mode: 'Warns', months: null },
      { requirement: 'Physical', mode: 'Blocks', months: 6 },
    ]);
  });
});
