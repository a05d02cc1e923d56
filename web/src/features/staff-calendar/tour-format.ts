/**
 * How tour times read on the staff pages (decision 028), in English and the center's time zone: "Mon, Nov 23,
 * 10:00 AM – 10:45 AM", and the day a time falls on for grouping.
 */
import { dateTimeFormat } from '@lc/contract';
import { CENTER_TIME_ZONE } from '../class-sessions/format';

const day = dateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: CENTER_TIME_ZONE,
});
const clock = dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CENTER_TIME_ZONE });

/** "Monday, November 23, 2026" for the instant `iso`, on the center's calendar. */
export const formatTourDay = (iso: string) => day.format(new Date(iso));

/** "10:00 AM – 10:45 AM": a tour's start and end on the center's clock. */
export function formatTourTimes(tour: { startsAt: string; minutes: number }): string {
  const start = new Date(tour.startsAt);
  return `${clock.format(start)} – ${clock.format(new Date(start.getTime() + tour.minutes * 60_000))}`;
}

/** "Monday, November 23, 2026, 10:00 AM – 10:45 AM". */
export const formatTour = (tour: { startsAt: string; minutes: number }) =>
  `${formatTourDay(tour.startsAt)}, ${formatTourTimes(tour)}`;
