import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { ageLabel, longDate, relationshipLabel, relationshipOptions } from './format.ts';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('a child’s age and dates', () => {
  it('read in English, as before', () => {
    expect(ageLabel('2022-05-14', '2025-11-14')).toBe('3½ years old');
    expect(ageLabel('2021-11-14', '2026-11-14')).toBe('5 years old');
    expect(ageLabel('2024-11-14', '2025-12-01')).toBe('1 year old');
    expect(longDate('2022-03-02')).toBe('March 2, 2022');
    expect(relationshipLabel('Grandparent')).toBe('Grandparent');
  });

  it('read in Spanish (issue 14)', async () => {
    await i18n.changeLanguage('es');
    expect(ageLabel('2022-05-14', '2025-11-14')).toBe('3 años y medio');
    expect(ageLabel('2021-11-14', '2026-11-14')).toBe('5 años');
    expect(ageLabel('2024-11-14', '2025-12-01')).toBe('1 año');
    expect(longDate('2022-03-02')).toBe('2 de marzo de 2022');
    // The offered relationships in Spanish; what a family typed stays as typed.
    expect(relationshipLabel('Grandparent')).toBe('Abuelo o abuela');
    expect(relationshipLabel('Madrina')).toBe('Madrina');
    expect(relationshipOptions()).toContain('Vecino o vecina');
  });
});
