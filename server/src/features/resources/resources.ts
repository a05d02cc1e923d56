/**
 * A session's digital resources and picture on the staff side (issue 10 "Sessions and programs"): list them
 * in the staff's order, add an uploaded file or a link, edit, (de)activate and reorder them, and set the
 * session's thumbnail. Every write runs in one transaction with its audit row (features/audit/record.ts);
 * the routes check who may call (resource-routes.ts).
 */
import type { ResourceLinkInput, ResourceUpdateInput } from '@lc/contract';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { classSessions, digitalResources } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { lockClassSession } from '../class-sessions/session-lock.ts';
import { visibleSessions } from '../team/access.ts';

export type ResourceRow = typeof digitalResources.$inferSelect;

/** The order families and staff read a session's resources in: staff's order, then by name. */
export const resourceOrder = [
  asc(digitalResources.sortOrder),
  asc(digitalResources.name),
  asc(digitalResources.id),
];

/** True when session `id` exists and `user` may see it (every session for an Admin; a teacher's own). */
export async function canSeeSession(db: DbOrTx, user: AuthUser, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(eq(classSessions.id, id), visibleSessions(user)))
    .limit(1);
  return rows.length > 0;
}

/** The active resources of session `id`, in order: what families (and staff) read on the session. */
export function activeResources(db: DbOrTx, id: number): Promise<ResourceRow[]> {
  return db
    .select()
    .from(digitalResources)
    .where(and(eq(digitalResources.classSessionId, id), eq(digitalResources.isActive, true)))
    .orderBy(...resourceOrder);
}

/** Every resource of session `id`, active or not, in order. */
export function listResources(db: DbOrTx, id: number): Promise<ResourceRow[]> {
  return db
    .select()
    .from(digitalResources)
    .where(eq(digitalResources.classSessionId, id))
    .orderBy(...resourceOrder);
}

/** What a new resource is: an uploaded file (stored under `url`) or a link. */
export type NewResource =
  | {
      kind: 'file';
      type: 'Document' | 'Image';
      name: string;
      description: string | null;
      fileName: string;
      url: string;
    }
  | { kind: 'link'; input: ResourceLinkInput };

/**
 * Add a resource at the end of session `classSessionId`'s list, with its audit row, in one transaction.
 * Answers the new row. 404 when the session does not exist.
 */
export async function addResource(
  db: Db,
  actorUserId: string,
  classSessionId: number,
  resource: NewResource,
  now: Date,
): Promise<ResourceRow> {
  return db.transaction(async (tx) => {
    // Lock the session row: two uploads at once still get distinct places at the end of the list.
    if (!(await lockClassSession(tx, classSessionId))) throw notFound('session');
    const [last] = await tx
      .select({ n: max(digitalResources.sortOrder) })
      .from(digitalResources)
      .where(eq(digitalResources.classSessionId, classSessionId));
    const values =
      resource.kind === 'file'
        ? {
            type: resource.type,
            name: resource.name,
            description: resource.description,
            fileName: resource.fileName,
            url: resource.url,
          }
        : {
            type: resource.input.type,
            name: resource.input.name,
            description: resource.input.description,
            fileName: null,
            url: resource.input.url,
          };
    const [row] = await tx
      .insert(digitalResources)
      .values({ ...values, classSessionId, isActive: true, uploadDate: now, sortOrder: (last?.n ?? -1) + 1 })
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'resource.create',
        entityType: 'DigitalResource',
        entityId: row!.id,
        before: null,
        after: row,
      },
      now,
    );
    return row!;
  });
}

/** Edit resource `resourceId`'s name, description and whether families see it. 404 when unknown. */
export async function updateResource(
  db: Db,
  actorUserId: string,
  resourceId: number,
  input: ResourceUpdateInput,
  now: Date,
): Promise<ResourceRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(digitalResources)
      .where(eq(digitalResources.id, resourceId))
      .for('update');
    if (!before) throw notFound('fileOrLink');
    const [after] = await tx
      .update(digitalResources)
      .set({ name: input.name, description: input.description, isActive: input.isActive })
      .where(eq(digitalResources.id, resourceId))
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'resource.update',
        entityType: 'DigitalResource',
        entityId: resourceId,
        before,
        after,
      },
      now,
    );
    return after!;
  });
}

/**
 * Put session `classSessionId`'s resources in the order of `ids` (first to last). `ids` must hold every
 * resource of the session exactly once (400 otherwise: the list changed in another tab). Answers the list.
 */
export async function reorderResources(
  db: Db,
  actorUserId: string,
  classSessionId: number,
  ids: number[],
  now: Date,
): Promise<ResourceRow[]> {
  return db.transaction(async (tx) => {
    if (!(await lockClassSession(tx, classSessionId))) throw notFound('session');
    const current = await listResources(tx, classSessionId);
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new HttpError(400, 'sessions.resources.listChanged', {
        fields: { ids: 'sessions.resources.reloadList' },
      });
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(digitalResources)
        .set({ sortOrder: index })
        .where(and(eq(digitalResources.id, id), eq(digitalResources.classSessionId, classSessionId)));
    }
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'resource.reorder',
        entityType: 'ClassSession',
        entityId: classSessionId,
        before: { ids: current.map((r) => r.id) },
        after: { ids },
      },
      now,
    );
    return listResources(tx, classSessionId);
  });
}

/** Set session `classSessionId`'s picture to `url` with its audit row; the catalog forgets its cached copy. */
export async function setThumbnail(
  db: Db,
  actorUserId: string,
  classSessionId: number,
  url: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockClassSession(tx, classSessionId);
    if (!locked) throw notFound('session');
    const before = { thumbnail: locked.thumbnail };
    await tx.update(classSessions).set({ thumbnail: url }).where(eq(classSessions.id, classSessionId));
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'session.thumbnail.set',
        entityType: 'ClassSession',
        entityId: classSessionId,
        before,
        after: { thumbnail: url },
      },
      now,
    );
  });
  invalidateCatalog(db);
}

/** The resource stored under file address `url` (a resource file's bare `/api/files/resources/…`), if any. */
export async function resourceByUrl(db: DbOrTx, url: string): Promise<ResourceRow | null> {
  const [row] = await db.select().from(digitalResources).where(eq(digitalResources.url, url)).limit(1);
  return row ?? null;
}
