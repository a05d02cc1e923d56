/**
 * Links to stored session files (issue 10). A session's picture is public: `/api/files/thumbnails/<key>`.
 * A resource file is for the families of enrolled children and staff only (the rule of spec §7
 * `GET /api/ClassSession/{id}/Resources`): the database keeps its bare address `/api/files/resources/<key>`,
 * which on its own opens nothing; the API hands an allowed reader a signed copy of it
 * (`?expires=<unix seconds>&scope=family|staff&signature=<HMAC-SHA256>`) that works for a few hours, so a
 * plain link or a download button works in the browser without the session token, and a family-scoped link
 * stops working as soon as staff deactivate the resource.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DIGITAL_RESOURCE_TYPES, DigitalResource } from '@lc/contract';
import type { AppContext } from '../../app-context.ts';
import type { digitalResources } from '../../db/schema.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

export const FILES_PREFIX = '/api/files/';
/** Folders of the storage (the first part of a key). */
export const THUMBNAILS = 'thumbnails';
export const RESOURCES = 'resources';

/** Who a signed link was made for: a family (active resources only) or staff (any resource). */
export type LinkScope = 'family' | 'staff';

/** How long a signed link works: until the end of the hour after the next (between 2 and 3 hours). */
const LINK_HOURS = 2;

export type FileLinks = {
  /** `url` signed for `scope`; addresses that are not our stored resource files come back unchanged. */
  sign(url: string, scope: LinkScope, now: Date): string;
  /** True when `signature` is ours for `key`, `expires` (unix seconds) and `scope`, and `expires` is not past. */
  verify(key: string, expires: number, scope: string, signature: string, now: Date): boolean;
};

const signers = new WeakMap<AppContext, Promise<FileLinks>>();

/**
 * The link signer of `ctx` (made once per app). The HMAC key is derived from the session signing secret
 * (JWT_SECRET or `${DATA_DIR}/jwt-secret`) with a label, so it is never the token key itself.
 */
export function fileLinks(ctx: AppContext): Promise<FileLinks> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) => {
      const key = createHmac('sha256', secret).update('lc:file-links:v1').digest();
      const mac = (fileKey: string, expires: number, scope: string) =>
        createHmac('sha256', key).update(`${fileKey}\n${expires}\n${scope}`).digest('base64url');
      return {
        sign(url, scope, now) {
          if (!url.startsWith(`${FILES_PREFIX}${RESOURCES}/`)) return url;
          const fileKey = url.slice(FILES_PREFIX.length);
          const hour = 3600;
          const expires = (Math.floor(now.getTime() / 1000 / hour) + LINK_HOURS + 1) * hour;
          const query = new URLSearchParams({
            expires: String(expires),
            scope,
            signature: mac(fileKey, expires, scope),
          });
          return `${url}?${query}`;
        },
        verify(fileKey, expires, scope, signature, now) {
          if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
          const expected = Buffer.from(mac(fileKey, expires, scope));
          const given = Buffer.from(signature);
          return given.length === expected.length && timingSafeEqual(given, expected);
        },
      };
    });
    signers.set(ctx, signer);
  }
  return signer;
}

type ResourceRow = typeof digitalResources.$inferSelect;

/** A resource row as the API answers it, its file address signed for `scope` (spec §3 DigitalResource). */
export function presentResource(
  row: ResourceRow,
  links: FileLinks,
  scope: LinkScope,
  now: Date,
): DigitalResource {
  return {
    id: row.id,
    type: row.type as (typeof DIGITAL_RESOURCE_TYPES)[number],
    name: row.name,
    fileName: row.fileName,
    description: row.description,
    url: links.sign(row.url, scope, now),
    isActive: row.isActive,
    uploadDate: row.uploadDate.toISOString(),
  };
}
