/**
 * The audit trail in sentences a director reads (issue 24, "Records staff can keep"): who did what to whom,
 * names not ids, money as dollars, days and times in the center's time zone, in English or Spanish.
 *
 * Every action the server records (`recordAudit`, server/src/features/audit/record.ts) is listed once in
 * {@link AUDIT_KINDS}, grouped into the kinds the page filters by. {@link auditSentence} turns a recorded row
 * and the names the server looked up for it into a message key with parameters ({@link AuditSentence}); the
 * reader's side writes it in a language with {@link auditSentenceText}, from the message files
 * `locales/audit/audit.{en,es}.json` (flat keys, i18next format, `_one`/`_other` plurals). A parameter is
 * plain text, a number, or a part still to be written in the language: a phrase of the files (`{ t }`, e.g.
 * "a child no longer on record"), cents (`{ cents }`), a calendar day or range (`{ days }`), an instant
 * (`{ at }`, shown in the center's time zone) or a list of names (`{ list }`). An action without a sentence of
 * its own reads the generic one, naming the kind of record; never a raw code.
 */
import i18next from 'i18next';
import { dateTimeFormat, formatCents, listFormat } from './intl.ts';
import type { Language } from './language.ts';
import en from './locales/audit/audit.en.json' with { type: 'json' };
import es from './locales/audit/audit.es.json' with { type: 'json' };
import {
  type AuditEvent,
  type AuditKind,
  type AuditParam,
  type AuditSentence,
  auditChanges,
} from './staff-audit.ts';

/**
 * What the server found out about a row's subjects, by name: undefined when the row is not about one, null
 * when it was but the record is gone (a closed family's child), so the sentence says so.
 */
export type AuditNames = {
  /** Who did it: a name, null for an account that is gone; `system` for the center's own work. */
  actor: string | null | 'system';
  child?: string | null;
  /** The family's parent's last name ("Chen" → "the Chen family"). */
  family?: string | null;
  session?: string | null;
  /** A move's or a copy's session it came from. */
  fromSession?: string | null;
  /** A staff member or parent the change was about (a role change, a parent removed from a family). */
  person?: string | null;
  /** An emergency contact or pickup adult. */
  contact?: string | null;
  /** A session's teachers after the change. */
  teachers?: string[];
  /** Who an inbox message was given to. */
  assignee?: string | null;
  /** Who wrote in to the inbox. */
  sender?: string | null;
  /** An announcement's title. */
  title?: string | null;
  /** A door tablet's name. */
  kiosk?: string | null;
};

type Row = { action: string; entityType: string; before: unknown; after: unknown };

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const cents = (v: unknown): AuditParam => ({ cents: typeof v === 'number' ? v : 0 });

/** A name, or the phrase for one that is gone. */
function named(value: string | null | undefined, gone: string): AuditParam {
  return value ? value : { t: `gone.${gone}` };
}

const family = (name: string | null | undefined): AuditParam =>
  name ? { t: 'name.family', params: { name } } : { t: 'gone.family' };

const role = (v: unknown): AuditParam => ({ t: v === 'Admin' ? 'role.director' : 'role.teacher' });

/**
 * The sentence of one recorded change: its action's own sentence (or a variant of it, e.g. a withdrawal with
 * or without a refund), else the generic sentence naming the kind of record. Pure: every name comes in
 * `names`; money stays in cents and days stay ISO until the reader's side writes them.
 */
export function auditSentence(row: Row, names: AuditNames): AuditSentence {
  const b = record(row.before);
  const a = record(row.after);
  const actor: AuditParam =
    names.actor === 'system' ? { t: 'who.system' } : names.actor ? names.actor : { t: 'who.formerAccount' };
  const child = named(names.child, 'child');
  const session = named(names.session, 'session');
  const say = (key: string, params: Record<string, AuditParam> = {}): AuditSentence => ({
    key,
    params: { actor, ...params },
  });
  switch (row.action) {
    case 'enrollment.create.offline':
      return say(row.action, { child, session, amount: cents(a.amount) });
    case 'enrollment.move':
      return say(row.action, { child, from: named(names.fromSession, 'session'), to: session });
    case 'enrollment.withdraw':
      return typeof a.refundAmount === 'number' && a.refundAmount > 0
        ? say('enrollment.withdraw.refund', { child, session, amount: cents(a.refundAmount) })
        : say(row.action, { child, session });
    case 'waitlist.offer':
    case 'waitlist.skip':
    case 'waitlist.remove':
      return say(row.action, { child, session });
    case 'payment.refund.requested':
    case 'payment.refund':
      return say(row.action, { amount: cents(a.amount), family: family(names.family) });
    case 'payment.refund.failed':
      return say(row.action, { family: family(names.family), reason: text(a.error) ?? '—' });
    case 'payment.record.offline':
    case 'ledger.charge':
    case 'ledger.late_fee':
    case 'ledger.credit':
    case 'ledger.write_off':
      return say(row.action, { amount: cents(a.amount), child, session, family: family(names.family) });
    case 'session.create':
    case 'session.update':
    case 'session.thumbnail.set':
    case 'resource.reorder':
      return say(row.action, { session });
    case 'session.duplicate':
      return say(row.action, { from: named(names.fromSession, 'session'), session });
    case 'session.teachers.set':
      return names.teachers && names.teachers.length > 0
        ? say(row.action, { session, teachers: { list: names.teachers } })
        : say('session.teachers.none', { session });
    case 'resource.create':
    case 'resource.update':
      return say(row.action, { name: text(a.name) ?? text(b.name) ?? '—', session });
    case 'program.create':
    case 'program.update':
    case 'policy.create':
    case 'policy.update':
      return say(row.action, { name: text(a.name) ?? text(b.name) ?? '—' });
    case 'closure.add':
    case 'closure.remove': {
      const c = row.action === 'closure.add' ? a : b;
      const days: AuditParam = { days: [String(c.startsOn ?? ''), String(c.endsOn ?? c.startsOn ?? '')] };
      const early = c.kind === 'EarlyDismissal';
      const where = c.classSessionId ? '.session' : '';
      return say(`${row.action}${early ? '.early' : ''}${where}`, {
        reason: text(c.reason) ?? '—',
        days,
        session: named(names.session ?? text(c.sessionName), 'session'),
        time: text(c.dismissAt) ?? '—',
      });
    }
    case 'tour.publish':
      return say(row.action, { at: text(a.startsAt) ? { at: String(a.startsAt) } : '—' });
    case 'tour.remove': {
      const at: AuditParam = text(b.startsAt) ? { at: String(b.startsAt) } : '—';
      const count = Array.isArray(a.cancelled) ? a.cancelled.length : 0;
      return count > 0 ? say('tour.remove.booked', { at, count }) : say(row.action, { at });
    }
    case 'tour.reminded':
      return say(row.action, {
        sender: named(names.sender, 'sender'),
        at: text(a.startsAt) ? { at: String(a.startsAt) } : '—',
      });
    case 'duty.pin.set':
    case 'duty.pin.change':
      return say(row.action);
    case 'duty.phone.set':
      return say(a.phoneClockIn ? 'duty.phone.on' : 'duty.phone.off', { session });
    case 'duty.punch.add':
    case 'duty.punch.fix': {
      const from: AuditParam = text(a.inAt) ? { at: String(a.inAt) } : '—';
      const person = named(names.person, 'person');
      const reason = text(a.reason) ?? '—';
      return text(a.outAt)
        ? say(row.action, { person, session, from, to: { at: String(a.outAt) }, reason })
        : say(`${row.action}.open`, { person, session, from, reason });
    }
    case 'duty.certification.add':
    case 'duty.certification.remove': {
      const c = row.action === 'duty.certification.add' ? a : b;
      const certification: AuditParam = { t: `certification.${text(c.kind) ?? 'Cpr'}` };
      const person = named(names.person, 'person');
      return text(c.expiresOn)
        ? say(row.action, {
            person,
            certification,
            days: { days: [String(c.expiresOn), String(c.expiresOn)] },
          })
        : say(`${row.action}.noExpiry`, { person, certification });
    }
    case 'duty.certification.document':
      return say(text(b.fileName) ? 'duty.certification.document.replace' : row.action, {
        person: named(names.person, 'person'),
        certification: { t: `certification.${text(a.kind) ?? 'Cpr'}` },
        file: text(a.fileName) ?? '—',
      });
    case 'staff.invite':
    case 'staff.add':
      return say(row.action, { person: named(names.person, 'person'), role: role(a.role) });
    case 'staff.role':
      if (b.role === a.role)
        return say(a.inboxAccess ? 'staff.inbox.given' : 'staff.inbox.taken', {
          person: named(names.person, 'person'),
        });
      return say(row.action, { person: named(names.person, 'person'), role: role(a.role) });
    case 'staff.remove':
      return say(row.action, { person: named(names.person, 'person') });
    case 'staff.inbox':
      return say(a.inboxAccess ? 'staff.inbox.given' : 'staff.inbox.taken', {
        person: named(names.person, 'person'),
      });
    case 'student.allergy.add':
    case 'student.allergy.remove':
      return say(row.action, { allergy: text(a.allergy) ?? text(b.allergy) ?? '—', child });
    case 'trustee.create':
      return say(a.canPickup ? 'trustee.create.pickup' : row.action, {
        contact: named(names.contact ?? text(a.name), 'contact'),
        relationship: text(a.relationship) ?? '—',
        family: family(names.family),
      });
    case 'trustee.update': {
      const contact = named(names.contact ?? text(a.name), 'contact');
      if (!b.canPickup && a.canPickup) return say('trustee.update.pickupGiven', { contact });
      if (b.canPickup && !a.canPickup) return say('trustee.update.pickupTaken', { contact });
      return say(row.action, { contact });
    }
    case 'trustee.delete':
      return say(row.action, { contact: named(names.contact ?? text(b.name), 'contact') });
    case 'trustee.correct':
      return say(row.action, {
        contact: named(names.contact ?? text(a.name) ?? text(b.name), 'contact'),
        reason: text(a.reason) ?? '—',
      });
    case 'student.correct':
      return say(row.action, { child, reason: text(a.reason) ?? '—' });
    case 'student.restriction.add':
    case 'student.restriction.remove':
      return say(row.action, { child, person: text(a.fullName) ?? text(b.fullName) ?? '—' });
    case 'custody.alert':
      return say(a.kind === 'doorRefused' ? 'custody.alert.doorRefused' : 'custody.alert.contactListed', {
        child: names.child === undefined ? (text(a.childName) ?? '—') : child,
        person: text(a.personName) ?? '—',
        where: text(a.where) ?? '—',
      });
    case 'pass.issue':
    case 'pass.reissue':
      return say(row.action, {
        contact: named(names.contact ?? text(a.holder), 'contact'),
        until: text(a.expiresAt) ? { at: String(a.expiresAt) } : '—',
      });
    case 'pass.revoke':
    case 'pass.photo':
      return say(row.action, { contact: named(names.contact, 'contact') });
    case 'door.refused':
      return names.contact
        ? say(row.action, { contact: names.contact, kiosk: named(names.kiosk, 'kiosk') })
        : say('door.refused.unknown', { kiosk: named(names.kiosk, 'kiosk') });
    case 'kiosk.enroll':
    case 'kiosk.revoke':
      return say(row.action, { kiosk: text(a.name) ?? text(b.name) ?? named(names.kiosk, 'kiosk') });
    case 'kiosk.rename':
      return say(row.action, { from: text(b.name) ?? '—', to: text(a.name) ?? '—' });
    case 'family.invite':
      return say(row.action, { email: text(a.emailAddress) ?? '—' });
    case 'family.invite.withdraw':
      return say(row.action, { email: text(b.emailAddress) ?? '—' });
    case 'family.join':
    case 'family.leave':
      return say(row.action, { family: family(names.family) });
    case 'family.remove':
      return say(row.action, { person: named(names.person, 'person'), family: family(names.family) });
    case 'family.close':
      return say(row.action, { count: typeof a.children === 'number' ? a.children : 0 });
    case 'family.export':
      return say(row.action, { family: family(names.family) });
    case 'announcement.schedule':
      return say(row.action, {
        title: named(names.title ?? text(a.title), 'announcement'),
        at: text(a.sendAt) ? { at: String(a.sendAt) } : '—',
      });
    case 'announcement.send':
    case 'announcement.sent':
    case 'announcement.update':
    case 'announcement.update_web':
    case 'announcement.cancel':
      return say(row.action, { title: named(names.title ?? text(a.title) ?? text(b.title), 'announcement') });
    case 'family.message':
      return say(row.action, {
        count: typeof a.families === 'number' ? a.families : 0,
        title: text(a.subject) ?? '—',
      });
    case 'inbox.update':
      if (a.assigneeId && a.assigneeId !== b.assigneeId)
        return say('inbox.assign', {
          sender: named(names.sender, 'sender'),
          assignee: named(names.assignee, 'person'),
        });
      return say(row.action, { sender: named(names.sender, 'sender') });
    case 'inbox.note':
    case 'inbox.reply':
    case 'inbox.invite':
    case 'inbox.toured':
    case 'inbox.enrolled':
      return say(row.action, { sender: named(names.sender, 'sender') });
    case 'conversation.update':
      if (a.assigneeId && a.assigneeId !== b.assigneeId)
        return say('conversation.assign', {
          family: family(names.family),
          assignee: named(names.assignee, 'person'),
        });
      if (a.status !== b.status && (a.status === 'New' || a.status === 'Replied' || a.status === 'Closed'))
        return say(`conversation.update.${a.status}`, { family: family(names.family) });
      return say(row.action, { family: family(names.family) });
    case 'message.edit':
    case 'message.delete':
      return say(row.action, { family: family(names.family) });
    case 'day_post.edit':
    case 'day_post.delete': {
      const day = text(a.day) ?? text(b.day);
      return say(row.action, { session, day: day ? { days: [day, day] } : '—' });
    }
    case 'incident.report':
    case 'incident.correct':
    case 'incident.review':
    case 'incident.acknowledge':
    case 'incident.follow_up': {
      const day = text(a.day) ?? text(b.day);
      const when: AuditParam = day ? { days: [day, day] } : '—';
      if (row.action === 'incident.acknowledge') return say(row.action, { child, day: when });
      if (row.action === 'incident.follow_up' && a.shared === true)
        return say('incident.follow_up.shared', { session, day: when });
      return say(row.action, { session, day: when });
    }
    case 'medication.give':
    case 'medication.correct':
    case 'medication.void': {
      const day = text(a.day) ?? text(b.day);
      return say(row.action, {
        child,
        medication: text(a.medication) ?? text(b.medication) ?? '—',
        day: day ? { days: [day, day] } : '—',
      });
    }
    case 'form.create':
    case 'form.update':
    case 'form.archive':
      return say(row.action, { form: text(a.title) ?? { t: 'record.Form' } });
    case 'form.publish':
      return say(row.action, {
        form: text(a.title) ?? { t: 'record.Form' },
        version: Number(a.version) || 1,
      });
    case 'form.sign':
      return say(row.action, {
        form: text(a.title) ?? { t: 'record.Form' },
        version: Number(a.version) || 1,
        child: names.child === undefined ? { t: 'forms.family' } : named(names.child, 'child'),
      });
    case 'health.profile.update':
    case 'health.physical.update':
    case 'health.document.remove':
      return say(row.action, { child });
    case 'health.dose.add':
    case 'health.dose.remove':
      return say(row.action, {
        vaccine: { t: `vaccine.${text(a.vaccine) ?? text(b.vaccine) ?? 'DTaP'}` },
        child,
      });
    case 'health.document.add':
      return say(row.action, { document: { t: `document.${text(a.kind) ?? 'Other'}` }, child });
    case 'health.check':
    case 'health.uncheck':
      return say(row.action, {
        part: { t: `healthPart.${text(a.record) ?? text(b.record) ?? 'Profile'}` },
        child,
      });
    case 'program.health_requirements':
      return say(row.action, { program: text(a.program) ?? '—' });
    default:
      return say('generic', { record: { t: `record.${row.entityType}` } });
  }
}

const translator = i18next.createInstance();
translator.init({
  resources: { en: { audit: en }, es: { audit: es } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['audit'],
  defaultNS: 'audit',
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
/** A fixed translator per language, untyped: the web types i18next's keys by its own files, not these. */
type Write = (key: string, params?: Record<string, unknown>) => string;
const fixed: Record<Language, Write> = {
  en: translator.getFixedT('en') as unknown as Write,
  es: translator.getFixedT('es') as unknown as Write,
};

/** The message files, for their tests. */
export const auditMessages = { en, es } as const;

const intlLocale = (language: Language) => (language === 'es' ? 'es-US' : 'en-US');

/** A calendar day or range: "Dec 21" or "Dec 21 – Jan 1" ("21 dic – 1 ene" in Spanish). */
function dayRange([first, last]: [string, string], language: Language): string {
  const day = dateTimeFormat(intlLocale(language), { timeZone: 'UTC', month: 'short', day: 'numeric' });
  const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(at(first).getTime())) return '—';
  const start = day.format(at(first));
  return last && last !== first && !Number.isNaN(at(last).getTime())
    ? `${start} – ${day.format(at(last))}`
    : start;
}

/** An instant on the center's clock, e.g. "Dec 1, 2026, 3:05 PM". */
export function auditTime(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(intlLocale(language), {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** One part of a sentence written in `language`. */
function paramText(value: AuditParam, language: Language, timeZone: string): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('t' in value) return fixed[language](value.t, { ...value.params, defaultValue: value.t });
  if ('cents' in value) return formatCents(value.cents, intlLocale(language));
  if ('days' in value) return dayRange(value.days, language);
  if ('at' in value) return auditTime(value.at, language, timeZone);
  return listFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(value.list);
}

/**
 * `sentence` written in `language` ('es' or English), its instants on `timeZone`'s clock (the center's). A
 * key the files do not know reads the generic sentence, never the key.
 */
export function auditSentenceText(
  sentence: AuditSentence,
  language: string | null | undefined,
  timeZone: string,
) {
  const lang: Language = language === 'es' ? 'es' : 'en';
  const params = Object.fromEntries(
    Object.entries(sentence.params).map(([name, value]) => [name, paramText(value, lang, timeZone)]),
  );
  const t = fixed[lang];
  const count = typeof params.count === 'number' ? params.count : undefined;
  const key = translator.exists(sentence.key, { lng: 'en', count }) ? sentence.key : 'generic';
  if (key === 'generic' && params.record === undefined) params.record = t('record.unknown');
  return t(key, params);
}

/** The readable name of a kind, in `language`. */
export function auditKindName(kind: AuditKind, language: string | null | undefined): string {
  return fixed[language === 'es' ? 'es' : 'en'](`kind.${kind}`);
}

/**
/** Who made a change, in `language`: their name, "A former account" (gone), or "The center’s system". */
export function auditWho(
  e: Pick<AuditEvent, 'actorName' | 'actorUserId'>,
  language: string | null | undefined,
) {
  const t = fixed[language === 'es' ? 'es' : 'en'];
  return e.actorName ?? (e.actorUserId ? t('who.formerAccount') : t('who.system'));
}

/**
 * The CSV rows of an audit export (columns `AUDIT_CSV_COLUMNS`, staff-audit.ts): when (the center's time), who, the
 * sentence in `language`, the action's code, the record, and the changed fields.
 */
export function auditTableRows(
  items: ReadonlyArray<AuditEvent>,
  timeZone: string,
  language: string | null | undefined = 'en',
): string[][] {
  const lang: Language = language === 'es' ? 'es' : 'en';
  return items.map((e) => [
    auditTime(e.at, lang, timeZone),
    auditWho(e, lang),
    auditSentenceText(e.sentence, lang, timeZone),
    e.action,
    `${e.entityType} ${e.entityId}`,
    auditChanges(e.before, e.after).join('; '),
  ]);
}
