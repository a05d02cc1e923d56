/**
 * The announcement form's values and rules (issue 9; issue 21 item 17): what the fields hold, the order errors
 * take the focus in, a stored announcement as form values, and the form as the create or update body, with
 * the messages for the fields it refuses (the contract's schemas, on the center's clock).
 */
import {
  type StaffAnnouncement,
  StaffAnnouncementInputSchema,
  StaffAnnouncementUpdateSchema,
} from '@lc/contract';
import { instantToWallTime } from '@lc/contract/zoned-time';
import type { Path } from 'react-hook-form';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import type { FormOf } from '../forms/fields';

/** The form's values: sessions as string ids, days as YYYY-MM-DD and `sendAt` as wall time, in the center's zone. */
export type AnnouncementFormValues = {
  classSessionIds: string[];
  title: string;
  category: string;
  priority: number | string;
  startDate: string;
  endDate: string;
  webMessage: string;
  emailMessage: string;
  smsMessage: string;
  when: 'now' | 'later';
  sendAt: string;
};

/** The form's fields in the order it shows them: the first with an error gets the focus. */
export const FIELD_ORDER = [
  'classSessionIds',
  'title',
  'category',
  'priority',
  'startDate',
  'endDate',
  'webMessage',
  'emailMessage',
  'smsMessage',
  'sendAt',
] as const satisfies readonly Path<AnnouncementFormValues>[];

/** What each section of the form takes: the form its fields are bound to (features/forms/fields.tsx). */
export type AnnouncementFields = { form: FormOf<AnnouncementFormValues> };

/** A message for each field the form refuses, by field. */
export type AnnouncementFieldMessages = Partial<Record<(typeof FIELD_ORDER)[number], string>>;

/** A new announcement's form: for every chosen session, sent now. */
export const EMPTY_ANNOUNCEMENT: AnnouncementFormValues = {
  classSessionIds: [],
  title: '',
  category: '',
  priority: 0,
  startDate: '',
  endDate: '',
  webMessage: '',
  emailMessage: '',
  smsMessage: '',
  when: 'now',
  sendAt: '',
};

const day = (iso: string | null) => (iso ? instantToWallTime(iso, CENTER_TIME_ZONE).slice(0, 10) : '');

/** A stored announcement as the form's values (a scheduled one that has not gone out is "later"). */
export function announcementToForm(a: StaffAnnouncement): AnnouncementFormValues {
  return {
    classSessionIds: a.classSessionId === null ? [] : [String(a.classSessionId)],
    title: a.title,
    category: a.category ?? '',
    priority: a.priority,
    startDate: day(a.startDate),
    endDate: day(a.endDate),
    webMessage: a.webMessage ?? '',
    emailMessage: a.emailMessage ?? '',
    smsMessage: a.smsMessage ?? '',
    when: a.sendAt && !a.sentAt ? 'later' : 'now',
    sendAt: a.sendAt ? instantToWallTime(a.sendAt, CENTER_TIME_ZONE) : '',
  };
}

/** "1 family", "3 families". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The form as the body to create (`classSessionIds` too) or update (after it went out, the web copy only),
 * with a message for each field it refuses: a missing send time, no session for a teacher, and what the
 * contract's schema refuses (the first message a field gets stays).
 */
export function formToAnnouncementBody(
  form: AnnouncementFormValues,
  { editing, sent, isDirector, zone }: { editing: boolean; sent: boolean; isDirector: boolean; zone: string },
) {
  const messages: AnnouncementFieldMessages = {};
  const common = {
    title: form.title,
    category: form.category || null,
    priority: form.priority === '' ? 0 : Number(form.priority),
    startDate: form.startDate || null,
    endDate: form.endDate || null,
    webMessage: form.webMessage || null,
  };
  const delivery = {
    emailMessage: form.emailMessage || null,
    smsMessage: form.smsMessage || null,
    sendAt: form.when === 'later' ? form.sendAt || null : null,
  };
  if (!sent && form.when === 'later' && !form.sendAt) messages.sendAt = `Choose the day and time (${zone}).`;
  if (!editing && !isDirector && form.classSessionIds.length === 0)
    messages.classSessionIds = 'Choose at least one of your sessions.';
  const body = editing
    ? { ...common, ...(sent ? {} : delivery) }
    : { ...common, ...delivery, classSessionIds: form.classSessionIds.map(Number) };
  const parsed = (editing ? StaffAnnouncementUpdateSchema : StaffAnnouncementInputSchema).safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as (typeof FIELD_ORDER)[number];
      if (FIELD_ORDER.includes(field) && !messages[field]) messages[field] = issue.message;
    }
  return { body: body as Record<string, unknown>, messages, delivery };
}
