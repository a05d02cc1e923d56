/**
 * Calendar helpers for the demo seed: every demo date is relative to the center's `today`, so the demo always
 * makes sense (docs/architecture.md, Layers: the storage layer's seed).
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';

/** The demo center's time zone (the config's default). */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

export const DAY = 86_400_000;

/** "YYYY-MM-DD" `days` after `today` ("YYYY-MM-DD"). */
export function addDays(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 9:00 am Pacific on the calendar day `days` after `today` (16:00 or 17:00 UTC; 17:00 keeps it simple and safe). */
export function at9am(today: string, days: number): Date {
  return new Date(`${addDays(today, days)}T17:00:00Z`);
}

/** The instant of `time` ("HH:MM") on `day` ("YYYY-MM-DD") on the demo center's clock. */
export function atCenterTime(day: string, time: string): Date {
  return new Date(wallTimeToInstant(`${day}T${time}`, DEMO_TIME_ZONE)!);
}
