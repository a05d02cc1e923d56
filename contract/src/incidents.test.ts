import { describe, expect, it } from 'vitest';
import { IncidentAcknowledgeInputSchema, IncidentInputSchema, signatureMatches } from './incidents.ts';

describe('incident reports (decision 037)', () => {
  it('a signature matches the account holder’s full name, letter case and spaces aside', () => {
    expect(signatureMatches('jordan  AVERY ', 'Jordan Avery')).toBe(true);
    expect(signatureMatches('José Núñez', 'josé núñez')).toBe(true);
    expect(signatureMatches('Jordan', 'Jordan Avery')).toBe(false);
    expect(signatureMatches('Jordan Averys', 'Jordan Avery')).toBe(false);
    expect(signatureMatches('   ', ' ')).toBe(false);
  });

  it('a signature needs the box checked and the copy’s hash', () => {
    const ok = { signedName: 'Jordan Avery', consent: true, copySha256: 'a'.repeat(64) };
    expect(IncidentAcknowledgeInputSchema.safeParse(ok).success).toBe(true);
    expect(IncidentAcknowledgeInputSchema.safeParse({ ...ok, consent: false }).success).toBe(false);
    expect(IncidentAcknowledgeInputSchema.safeParse({ ...ok, copySha256: 'abc' }).success).toBe(false);
  });

  it('a report names at least one child, each once, and a wall-clock time', () => {
    const base = {
      classSessionId: 3,
      occurredAt: '2026-11-20T09:40',
      place: 'Playground',
      kind: 'Injury',
      whatHappened: 'A fall from the low climber.',
      children: [{ studentId: 'a' }],
    };
    const parsed = IncidentInputSchema.parse(base);
    expect(parsed.children[0]).toEqual({ studentId: 'a', note: '', parentCalled: false });
    expect(parsed.urgent).toBe(false);
    expect(IncidentInputSchema.safeParse({ ...base, children: [] }).success).toBe(false);
    expect(
      IncidentInputSchema.safeParse({ ...base, children: [{ studentId: 'a' }, { studentId: 'a' }] }).success,
    ).toBe(false);
    expect(IncidentInputSchema.safeParse({ ...base, occurredAt: '2026-11-20 9:40' }).success).toBe(false);
    expect(IncidentInputSchema.safeParse({ ...base, kind: 'Accident' }).success).toBe(false);
  });
});
