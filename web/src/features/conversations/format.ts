/**
 * How a conversation reads (issue 25, "Messages"): who wrote a message, when (the center's time zone, in the
 * reader's language), a file's size, who has seen the reader's latest message, and the messages of several
 * pages put together. Pure functions of the contract's shapes, shared by the family's and the staff's pages.
 */
import {
  dateTimeFormat,
  listFormat,
  type Message,
  type MessageReader,
  type MessageSide,
  numberFormat,
} from '@lc/contract';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** A person's name as the API gives it ("Ana Rivera"). */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** "Nov 20, 3:45 PM" (or "20 nov, 3:45 p.m.") for an ISO instant, on the center's clock, in `locale`. */
export function formatMessageTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/**
 * A wall-clock time "HH:MM" (24 h, the contract's centre hours and quiet hours) as the reader says it:
 * "8 AM" / "8 a.m." on the hour, "8:30 AM" otherwise. Read as that time on a UTC day, so no zone shifts it.
 */
export function formatWallTime(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const at = new Date(Date.UTC(2000, 0, 1, hours, minutes));
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: minutes === 0 ? undefined : '2-digit',
    timeZone: 'UTC',
  }).format(at);
}

/** "240 KB", "3.2 MB" in `locale`, from a size in bytes (1 KB = 1,024 bytes, as phones show files). */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024 * 1024)
    return numberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
      Math.max(1, Math.round(bytes / 1024)),
    );
  return numberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
}

/** "Ana and Luis" / "Ana y Luis" in `locale`. */
export function joinList(names: readonly string[], locale: string): string {
  return listFormat(locale, { type: 'conjunction' }).format(names);
}

/** Whether a photo the browser can show, as opposed to a document. */
export const isPhoto = (contentType: string) => contentType.startsWith('image/');

/**
 * The reader's latest own message still standing (not deleted), and the first names of the people on the
 * other side of the conversation who have read it (`readAt` at or after it was sent): the read receipt
 * "Seen by Ana". Null when the reader has no such message; an empty list when nobody has seen it yet.
 */
export function seenBy(
  messages: readonly Message[],
  readers: readonly MessageReader[],
  side: MessageSide,
): { messageId: string; names: string[] } | null {
  const latest = messages.findLast((message) => message.mine && message.deletedAt === null);
  if (!latest) return null;
  const sent = Date.parse(latest.created);
  const names = readers
    .filter((reader) => reader.side !== side && Date.parse(reader.readAt) >= sent)
    .map((reader) => reader.firstName);
  return { messageId: latest.id, names: [...new Set(names)] };
}

/**
 * Whether someone on the other side wrote after `readerId` last read (the staff's conversation has no count
 * of its own): a message not the reader's, newer than their `readAt`, or any when they never read it.
 */
export function hasUnreadFor(
  readerId: string | null,
  messages: readonly Message[],
  readers: readonly MessageReader[],
): boolean {
  const latest = messages.findLast((message) => !message.mine);
  if (!latest) return false;
  const mine = readers.find((reader) => reader.userId === readerId);
  return !mine || Date.parse(mine.readAt) < Date.parse(latest.created);
}

/**
 * The messages of several pages as one conversation, oldest first, each once: a later page's copy of a
 * message (the newest page, read again every few seconds) replaces an earlier one's.
 */
export function mergeMessages(...pages: ReadonlyArray<readonly Message[]>): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.created) - Date.parse(b.created) || a.id.localeCompare(b.id),
  );
}

/** Whether the reader may still edit or delete `message` at `now` (ms): their own, standing, in its window. */
export function canChange(message: Message, now: number): boolean {
  return (
    message.mine &&
    message.deletedAt === null &&
    message.editableUntil !== null &&
    Date.parse(message.editableUntil) > now
  );
}
