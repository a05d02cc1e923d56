import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CopyFacts, copySha256, familyCopyText } from './family-copy.ts';

const facts: CopyFacts = {
  sessionName: 'Acorn Room',
  occurredAt: new Date('2026-11-20T17:40:00Z'),
  place: 'Playground',
  kind: 'Injury',
  whatHappened: 'Two children bumped heads.',
  firstAid: '',
  witnesses: '',
  urgent: true,
  own: [{ firstName: 'Maya', note: 'A bump on the forehead.', parentCalled: true }],
  otherChildren: 2,
  reportedBy: 'Ana Ruiz',
};

describe('a family’s copy of an incident report (decision 037)', () => {
  it('names the family’s own child, counts the others, and says when on the center’s clock', () => {
    const text = familyCopyText(facts, 'en', 'America/Los_Angeles');
    expect(text).toContain('Your child Maya: A bump on the forehead.');
    expect(text).toContain('2 other children were also involved.');
    expect(text).toContain('9:40');
    expect(text).toContain('Head injury or 911 call: yes');
    expect(text).toContain('First aid given: none');
    expect(text).not.toContain('Witnesses');
  });

  it('is written in Spanish for a Spanish-speaking family, and hashed as UTF-8', () => {
    const text = familyCopyText({ ...facts, otherChildren: 1 }, 'es', 'America/Los_Angeles');
    expect(text).toContain('También estuvo involucrado otro niño.');
    expect(text).toContain('Tipo: Lesión');
    expect(copySha256(text)).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
    expect(copySha256(text)).not.toBe(copySha256(familyCopyText(facts, 'es', 'America/Los_Angeles')));
  });
});
