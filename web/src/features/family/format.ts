import { ageInMonths, dateTimeFormat, RELATIONSHIPS } from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';

/**
 * "4 years old" (or "3½ years old" between 3½ and 4) for an ISO birth date, on `today` (ISO), in the
 * language shown now ("4 años", "3 años y medio"). Call it while rendering.
 */
export function ageLabel(dateOfBirth: string, today: string): string {
  const months = ageInMonths(dateOfBirth, today);
  const years = Math.floor(months / 12);
  if (years === 3 && months % 12 >= 6) return i18n.t('family.age.yearsAndHalf', { years });
  return i18n.t('family.age.years', { count: years });
}

/** "March 2, 2022" ("2 de marzo de 2022") for an ISO date, read as a calendar date (no time-zone shift). */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

type Relationship = (typeof RELATIONSHIPS)[number];

/** The message key of each relationship the contact form offers (contract RELATIONSHIPS). */
const RELATIONSHIP_KEYS = {
  Parent: 'family.relationships.parent',
  Grandparent: 'family.relationships.grandparent',
  'Aunt or uncle': 'family.relationships.auntOrUncle',
  Sibling: 'family.relationships.sibling',
  'Family friend': 'family.relationships.familyFriend',
  Neighbor: 'family.relationships.neighbor',
  'Nanny or babysitter': 'family.relationships.nanny',
} as const satisfies Record<Relationship, string>;

/** The relationships offered in the contact form, in the language shown now. */
export function relationshipOptions(): string[] {
  return RELATIONSHIPS.map((relationship) => i18n.t(RELATIONSHIP_KEYS[relationship]));
}

/**
 * A contact's relationship as the family reads it: one of the offered ones in the language shown now
 * ("Grandparent" → "Abuelo o abuela"), anything the family typed themselves as they typed it.
 */
export function relationshipLabel(relationship: string): string {
  const key = (RELATIONSHIP_KEYS as Record<string, (typeof RELATIONSHIP_KEYS)[Relationship]>)[relationship];
  return key ? i18n.t(key) : relationship;
}
