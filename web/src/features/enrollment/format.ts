/** How the enrollment pages put names, places and times into words. */
import type { Policy } from '@lc/contract';
import { dateTimeFormat } from '@lc/contract';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** "Maya", "Maya and Theo", "Maya, Theo and Ava". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "1 child", "2 children". */
export function childCount(n: number): string {
  return `${n} ${n === 1 ? 'child' : 'children'}`;
}

/** "Maya is number 3 on the waitlist." (1 reads as "next in line"). */
export function waitlistPositionSentence(firstName: string, position: number | null): string {
  if (position === 1) return `${firstName} is number 1 on the waitlist — next in line for a seat.`;
  if (position === null) return `${firstName} is on the waitlist.`;
  return `${firstName} is number ${position} on the waitlist.`;
}

/** "January 6 at 3:15 PM" for an ISO instant, in the center's time zone. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  const day = dateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: CENTER_TIME_ZONE,
  }).format(date);
  const time = dateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(date);
  return `${day} at ${time}`;
}

/** "the Late pickup policy" — without doubling "policy" when the name already says it. */
export function policyName(policy: Pick<Policy, 'name' | 'policyType'>): string {
  const name = policy.name.trim() || policy.policyType;
  return /\bpolicy$/i.test(name) ? `the ${name}` : `the ${name} policy`;
}
