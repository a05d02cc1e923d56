/**
 * How far each list a family grows may grow (issue 12: one family could add 1,080 children; issue 21: 120
 * allergies on one child, pass photos piling up). One table, {@link FAMILY_LIMITS}, names every such list with
 * its cap, the code of the sentence the family reads (`family.limits.*` of the API's message files,
 * contract/src/api-errors.ts), the form field it belongs to and how much of it is used; one function, {@link assertRoom}, is called by each
 * route that adds to a list, inside the adding transaction. Decision 020 explains the numbers.
 *
 * Each list names the lock its check runs under, taken first: the family's parents' user rows
 * (`lockFamilyMembers`, `SELECT … FOR UPDATE` in id order) or the child's row. Two adds at once at cap − 1
 * then wait for each other and the second sees the cap; without the lock both would count cap − 1 and the
 * family would end one over (PostgreSQL; PGlite has one connection).
 *
 * Lists that need no cap of their own: a contact has one working pickup pass (issuing again replaces it,
 * passes.ts); co-parents are capped at MAX_FAMILY_MEMBERS by the invitation and acceptance (co-parents.ts);
 * announcements are written by staff and nothing per family is stored when a family reads them.
 */
import {
  type ApiErrorCode,
  type ApiErrorParams,
  apiErrorSentence,
  MAX_CHILDREN_PER_FAMILY,
  MAX_CONTACTS_PER_FAMILY,
} from '@lc/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { PHOTO_MAX_BYTES } from '../passes/photos.ts';
import { lockFamilyMembers } from './members.ts';

/** What a check may need besides the owner: the item being replaced (not counted) and the time. */
export type RoomOptions = { except?: string; now: Date };

/** One capped list. */
export type FamilyLimit = {
  /** The most the owner may have (rows, or bytes for `photoBytes`). */
  max: number;
  /** The status of a refusal: 409 for a full list, 413 for the photo quota. */
  status: 409 | 413;
  /** The code of a refusal (`family.limits.*`) and the parts its sentence names. */
  code: ApiErrorCode;
  params: ApiErrorParams;
  /** The refusal's sentence in English (logs, tests). */
  message: string;
  /** The form field the sentence belongs to, when the add comes from a form with one. */
  field?: string;
  /** What the owner id is: a parent's user id (the whole family) or a child's id. */
  owner: 'family' | 'child';
  /** Take the lock two adds to the same list wait on (see the module comment). */
  lock: (tx: Tx, ownerId: string) => Promise<unknown>;
  /** How much of the list the owner has now (rows, or bytes). */
  used: (tx: Tx, ownerId: string, options: RoomOptions) => Promise<number>;
};

/** Allergies listed for one child. */
export const MAX_ALLERGIES_PER_CHILD = 30;
/** Co-parent invitations not yet accepted, withdrawn or expired, per family. */
export const MAX_OPEN_INVITATIONS = 5;
/** Places waiting or offered on session waitlists, per family (each child once per session). */
export const MAX_WAITLIST_PLACES = 25;
/** Bytes of pickup-adult photos per family: five photos at the 5 MB upload limit. */
export const PHOTO_QUOTA_BYTES = 25 * 1024 * 1024;

const lockFamily = (tx: Tx, userId: string) => lockFamilyMembers(tx, userId);
const lockChild = (tx: Tx, studentId: string) =>
  tx.execute(sql`select id from students where id = ${studentId} for update`);

/** The single number a `select count(*)`/`sum(…)` answers (PostgreSQL sends bigints as text). */
async function scalar(tx: Tx, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(tx, query);
  return Number(row?.n ?? 0);
}

/** A refusal's code and parts, with its English sentence. */
function refusal(code: ApiErrorCode, params: ApiErrorParams) {
  return { code, params, message: apiErrorSentence(code, params, 'en') };
}

/** Every capped list a family grows, by name. */
export const FAMILY_LIMITS = {
  children: {
    max: MAX_CHILDREN_PER_FAMILY,
    status: 409,
    ...refusal('family.limits.children', { max: MAX_CHILDREN_PER_FAMILY }),
    owner: 'family',
    lock: lockFamily,
    used: (tx, userId) => scalar(tx, sql`select count(*) as n from user_students where user_id = ${userId}`),
  },
  contacts: {
    max: MAX_CONTACTS_PER_FAMILY,
    status: 409,
    ...refusal('family.limits.contacts', { max: MAX_CONTACTS_PER_FAMILY }),
    owner: 'family',
    lock: lockFamily,
    used: (tx, userId) => scalar(tx, sql`select count(*) as n from user_trustees where user_id = ${userId}`),
  },
  allergies: {
    max: MAX_ALLERGIES_PER_CHILD,
    status: 409,
    ...refusal('family.limits.allergies', { max: MAX_ALLERGIES_PER_CHILD }),
    field: 'name',
    owner: 'child',
    lock: lockChild,
    used: (tx, studentId) =>
      scalar(tx, sql`select count(*) as n from allergies where student_id = ${studentId}`),
  },
  invitations: {
    max: MAX_OPEN_INVITATIONS,
    status: 409,
    ...refusal('family.limits.invitations', { max: MAX_OPEN_INVITATIONS }),
    field: 'emailAddress',
    owner: 'family',
    lock: lockFamily,
    used: (tx, userId, { now }) =>
      scalar(
        tx,
        sql`select count(*) as n from family_invitations i
          where i.accepted_at is null and i.withdrawn_at is null and i.expires_at > ${now}
            and i.invited_by in (select m.user_id from family_members m
              where m.family_id = (select family_id from family_members where user_id = ${userId})
              union select ${userId}::uuid)`,
      ),
  },
  waitlist: {
    max: MAX_WAITLIST_PLACES,
    status: 409,
    ...refusal('family.limits.waitlist', { max: MAX_WAITLIST_PLACES }),
    field: 'studentIds',
    owner: 'family',
    lock: lockFamily,
    used: (tx, userId) =>
      scalar(
        tx,
        sql`select count(*) as n from waitlist_submissions w
          join user_students us on us.student_id = w.student_id and us.user_id = ${userId}
          where w.status in ('Waiting', 'Offered')`,
      ),
  },
  photoBytes: {
    max: PHOTO_QUOTA_BYTES,
    status: 413,
    ...refusal('family.limits.photoBytes', { size: PHOTO_QUOTA_BYTES / 1024 / 1024 }),
    field: 'file',
    owner: 'family',
    lock: lockFamily,
    // The photos on the family's working passes (only those hold one, passes.ts), but the one being replaced.
    // A photo saved before sizes were kept counts at the upload limit.
    used: (tx, userId, { except }) =>
      scalar(
        tx,
        sql`select coalesce(sum(coalesce(p.image_bytes, ${PHOTO_MAX_BYTES})), 0) as n
          from digital_passports p
          join trustee_passports tp on tp.passport_id = p.id
          join user_trustees ut on ut.trustee_id = tp.trustee_id and ut.user_id = ${userId}
          where p.image_url is not null and p.id <> ${except ?? '00000000-0000-0000-0000-000000000000'}::uuid`,
      ),
  },
} as const satisfies Record<string, FamilyLimit>;

export type FamilyList = keyof typeof FAMILY_LIMITS;

/**
 * Refuse to add `adding` (rows, or bytes for `photoBytes`) to the `list` of `ownerId` when that would pass its
 * cap: throws HttpError with the list's status and code (on its field when it has one). Takes the list's
 * lock first, so call it inside the adding transaction before the insert.
 */
export async function assertRoom(
  tx: Tx,
  list: FamilyList,
  ownerId: string,
  adding: number,
  options: RoomOptions,
): Promise<void> {
  const limit: FamilyLimit = FAMILY_LIMITS[list];
  await limit.lock(tx, ownerId);
  const used = await limit.used(tx, ownerId, options);
  if (used + adding > limit.max) {
    throw new HttpError(limit.status, limit.code, {
      params: limit.params,
      fields: limit.field ? { [limit.field]: limit.code } : undefined,
    });
  }
}

/**
 * 409 (`family.limits.children`) when the family already has {@link MAX_CHILDREN_PER_FAMILY} children.
 * Locks every parent of the family first (issue 13: two parents adding at once wait for each other too) and
 * answers their ids, for mapping the new child to each.
 */
export async function assertRoomForChild(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await assertRoom(tx, 'children', userId, 1, { now });
  return lockFamilyMembers(tx, userId);
}

/** 409 (`family.limits.contacts`) at {@link MAX_CONTACTS_PER_FAMILY} contacts; locks and answers as above. */
export async function assertRoomForContact(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await assertRoom(tx, 'contacts', userId, 1, { now });
  return lockFamilyMembers(tx, userId);
}
