import { ageInMonths, dateTimeFormat } from '@lc/contract';

/** "4 years old" (or "3½ years old" between 3½ and 4) for an ISO birth date, on `today` (ISO). */
export function ageLabel(dateOfBirth: string, today: string): string {
  const months = ageInMonths(dateOfBirth, today);
  const years = Math.floor(months / 12);
  const half = years === 3 && months % 12 >= 6 ? '½' : '';
  return `${years}${half} ${years === 1 && !half ? 'year' : 'years'} old`;
}

/** "March 2, 2022" for an ISO date, read as a calendar date (no time-zone shift). */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
