import { describe, expect, it } from 'vitest';
import { formatInstant, joinNames, policyName, waitlistPositionSentence } from './format.ts';

describe('enrollment wording', () => {
  it('joins names the way people list them', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Maya'])).toBe('Maya');
    expect(joinNames(['Maya', 'Theo'])).toBe('Maya and Theo');
    expect(joinNames(['Maya', 'Theo', 'Ava'])).toBe('Maya, Theo and Ava');
  });

  it('names a policy without saying "policy" twice', () => {
    expect(policyName({ name: 'Late pickup', policyType: 'LatePickup' })).toBe('the Late pickup policy');
    expect(policyName({ name: 'Dismissal Policy', policyType: 'Dismissal' })).toBe('the Dismissal Policy');
  });

  it('says a waitlist position, with number 1 as next in line', () => {
    expect(waitlistPositionSentence('Maya', 3)).toBe('Maya is number 3 on the waitlist.');
    expect(waitlistPositionSentence('Maya', 1)).toBe(
      'Maya is number 1 on the waitlist — next in line for a seat.',
    );
  });

  it('shows instants in the center’s time zone', () => {
    expect(formatInstant('2026-07-01T02:15:00Z')).toBe('June 30 at 7:15 PM');
  });
});
