/**
 * A session's files, links and picture (issue 10 "Sessions and programs"), and the route that serves stored
 * files. Staff routes are `auth: 'staff'` (401 anonymous, 403 a parent); writes are the director's (403 for a
 * teacher); a session or resource that does not exist, or that a teacher does not teach, answers 404.
 *
 * Uploads are multipart (`@fastify/multipart`, registered in this plugin only) with one `file` part. The kind
 * of file is read from its bytes (`file-type`), never from its name or the browser's content type:
 * thumbnails take JPEG, PNG or WebP up to 5 MB; resources take PDF, JPEG, PNG or WebP up to 20 MB. Files are
 * stored under random keys through the storage adapter (adapters/storage.ts) and served by
 * `GET /api/files/{folder}/{key}` (see file-links.ts for who may open what). Each route registers from its
 * `classSessionsApi` row (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import {
  type ApiErrorCode,
  classSessionsApi,
  parseClassSessionId,
  RESOURCE_FILE_MAX_BYTES,
  ResourceFileFieldsSchema,
  ResourceLinkInputSchema,
  THUMBNAIL_MAX_BYTES,
} from '@lc/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { createStorage, isStorageKey } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError, type NotFoundThing, notFound } from '../../http/errors.ts';
import { hasUnstorableText } from '../../http/input-rules.ts';
import { fileBytes } from '../../http/openapi.ts';
import { serve } from '../../http/serve.ts';
import { requireAdmin } from '../team/access.ts';
import { FILES_PREFIX, fileLinks, presentResource, RESOURCES, THUMBNAILS } from './file-links.ts';
import {
  addResource,
  canSeeSession,
  listResources,
  type ResourceRow,
  reorderResources,
  resourceByUrl,
  setThumbnail,
  updateResource,
} from './resources.ts';

const tags = ['Staff'];

/** The kinds of file each upload takes: sniffed media type → file extension. */
const PICTURES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
const DOCUMENTS = new Map([['application/pdf', 'pdf'], ...PICTURES]);

/** A numeric id from the path, or 404 naming `what`. */
function idFrom(raw: string, what: NotFoundThing): number {
  const id = parseClassSessionId(raw);
  if (id === null) throw notFound(what);
  return id;
}

/** 400 with `fields` from a failed zod parse (first message per top-level field, as the error handler does). */
function invalid(error: z.ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in fields)) fields[key] = issue.message;
  }
  return new HttpError(400, 'request.invalidFields', { fields });
}

export type Upload = {
  bytes: Buffer;
  mime: string;
  ext: string;
  fileName: string;
  fields: Record<string, string>;
};

/** 400 saying `code` with `file` (a code) beside the file field. */
function uploadRefusal(code: ApiErrorCode, file: ApiErrorCode): HttpError {
  return new HttpError(400, code, { fields: { file } });
}

/**
 * Read a multipart request with one `file` part of at most `maxBytes` whose content is one of `kinds`, and
 * its text fields. 400 saying `message` (a code such as `sessions.resources.chooseFile`),
 * also as `fields.file`, when the file is missing, too large or of another kind; 400
 * `sessions.upload.unreadable` with `fields.file = message` when the upload cannot be read.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  kinds: Map<string, string>,
  message: ApiErrorCode,
): Promise<Upload> {
  const refuse = () => uploadRefusal(message, message);
  if (!request.isMultipart()) throw refuse();
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 8192 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { bytes, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw refuse();
    throw uploadRefusal('sessions.upload.unreadable', message);
  }
  if (!file || file.bytes.length === 0) throw refuse();
  const sniffed = await fileTypeFromBuffer(file.bytes);
  const ext = sniffed ? kinds.get(sniffed.mime) : undefined;
  if (!sniffed || !ext) throw refuse();
  return { bytes: file.bytes, mime: sniffed.mime, ext, fileName: cleanFileName(file.filename, ext), fields };
}

/** The name a family's download gets: the uploaded name without folders or odd characters, with the real extension. */
export function cleanFileName(raw: string, ext: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here.
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .slice(0, 120);
  return `${base || 'file'}.${ext}`;
}

/** A Content-Disposition value: `kind` with the file name in ASCII and in UTF-8 (RFC 6266, RFC 8187). */
export function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const staffResourceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart bodies are parsed for this plugin's routes only; sizes are checked per route below.
    await app.register(fastifyMultipart, {
      limits: { fileSize: RESOURCE_FILE_MAX_BYTES, files: 1, fields: 8, parts: 10 },
    });
    const storage = createStorage(ctx.config);
    const links = () => fileLinks(ctx);

    const staffView = async (rows: ResourceRow[]) => {
      const signer = await links();
      const now = ctx.clock.now();
      return rows.map((row) => ({ ...presentResource(row, signer, 'staff', now), sortOrder: row.sortOrder }));
    };

    /** Store `upload` under a new random key in `folder`; answers the served address. */
    const store = async (folder: string, upload: Upload) => {
      const key = `${folder}/${crypto.randomUUID()}.${upload.ext}`;
      await storage.put(key, upload.bytes, upload.mime);
      return { key, url: `${FILES_PREFIX}${key}` };
    };

    /** 404 unless session `id` exists (checked before any upload is read, so nothing is stored for it). */
    const requireSession = async (request: FastifyRequest, id: number) => {
      if (!(await canSeeSession(ctx.db, currentUser(request), id))) throw notFound('session');
    };

    serve(
      app,
      classSessionsApi.thumbnail,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Upload the session’s picture (the director)',
        description:
          'Multipart with one `file` part: a JPEG, PNG or WebP picture under 5 MB, checked by its content. The session’s `thumbnail` becomes the picture’s public address. Recorded in the audit trail.',
        schema: { consumes: ['multipart/form-data'] },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.classSessionId, 'session');
        await requireSession(request, id);
        const upload = await readUpload(
          request,
          THUMBNAIL_MAX_BYTES,
          PICTURES,
          'sessions.resources.chooseThumbnail',
        );
        const { key, url } = await store(THUMBNAILS, upload);
        try {
          await setThumbnail(ctx.db, user.id, id, url, ctx.clock.now());
        } catch (error) {
          await storage.delete(key).catch(() => {});
          throw error;
        }
        return { thumbnail: url };
      },
    );

    serve(
      app,
      classSessionsApi.staffResources,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session’s files and links, active or not, in order',
        description:
          'For the director, and for a teacher on the sessions they teach (404 otherwise). File addresses are signed links that work for a few hours.',
      },
      async (request, reply) => {
        const id = idFrom(request.params.classSessionId, 'session');
        await requireSession(request, id);
        reply.header('cache-control', 'no-store');
        return staffView(await listResources(ctx.db, id));
      },
    );

    serve(
      app,
      classSessionsApi.addResource,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Add a file or a link to a session (the director)',
        description:
          'Multipart with a `file` part (a PDF, JPEG, PNG or WebP under 20 MB, checked by its content) and optional `name` and `description` fields; or JSON `{ type: "Link" | "Video", name, description, url }` with an http(s) address. Added at the end of the list, active. Answers the whole list (201).',
        schema: {
          consumes: ['multipart/form-data', 'application/json'],
          requestContent: {
            'multipart/form-data': z.object({
              file: fileBytes,
              name: z.string().optional(),
              description: z.string().optional(),
            }),
            'application/json': ResourceLinkInputSchema,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.classSessionId, 'session');
        await requireSession(request, id);
        const now = ctx.clock.now();
        if (request.isMultipart()) {
          const upload = await readUpload(
            request,
            RESOURCE_FILE_MAX_BYTES,
            DOCUMENTS,
            'sessions.resources.chooseFile',
          );
          if (Object.values(upload.fields).some(hasUnstorableText)) {
            throw new HttpError(400, 'sessions.resources.unstorableText', {
              fields: { name: 'sessions.resources.unstorableName' },
            });
          }
          const parsed = ResourceFileFieldsSchema.safeParse({
            name: upload.fields.name?.trim() || upload.fileName.replace(/\.[a-z0-9]+$/, ''),
            description: upload.fields.description,
          });
          if (!parsed.success) throw invalid(parsed.error);
          const { key, url } = await store(RESOURCES, upload);
          try {
            await addResource(
              ctx.db,
              user.id,
              id,
              {
                kind: 'file',
                type: upload.mime === 'application/pdf' ? 'Document' : 'Image',
                name: parsed.data.name,
                description: parsed.data.description,
                fileName: upload.fileName,
                url,
              },
              now,
            );
          } catch (error) {
            await storage.delete(key).catch(() => {});
            throw error;
          }
        } else {
          const parsed = ResourceLinkInputSchema.safeParse(request.body ?? {});
          if (!parsed.success) throw invalid(parsed.error);
          await addResource(ctx.db, user.id, id, { kind: 'link', input: parsed.data }, now);
        }
        reply.code(201);
        return staffView(await listResources(ctx.db, id));
      },
    );

    serve(
      app,
      classSessionsApi.orderResources,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Put a session’s files and links in order (the director)',
        description:
          '`ids`: every resource id of the session, first to last (400 when the list changed meanwhile). Families see them in this order. Answers the list.',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.classSessionId, 'session');
        return staffView(await reorderResources(ctx.db, user.id, id, request.body.ids, ctx.clock.now()));
      },
    );

    serve(
      app,
      classSessionsApi.editResource,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Edit a file or link: name, description, whether families see it (the director)',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const resourceId = idFrom(request.params.resourceId, 'fileOrLink');
        const row = await updateResource(ctx.db, user.id, resourceId, request.body, ctx.clock.now());
        return staffView(await listResources(ctx.db, row.classSessionId));
      },
    );

    serve(
      app,
      classSessionsApi.file,
      {
        config: { auth: 'public' },
        tags: ['Files'],
        summary: 'A stored file: a session’s picture, or a resource file through a signed link',
        description:
          'Pictures (`thumbnails/…`) are public and cached for a year. Resource files (`resources/…`) open only with the signed query (`expires`, `scope`, `signature`) that `GET /api/ClassSession/{id}/Resources` gives the families of enrolled children and staff; anything else answers 404.',
        replyDescription: 'The file',
        fileTypes: [...DOCUMENTS.keys()],
      },
      async (request, reply) => {
        const { folder, name } = request.params;
        const key = `${folder}/${name}`;
        const missing = () => notFound('file');
        if (!isStorageKey(key) || (folder !== THUMBNAILS && folder !== RESOURCES)) throw missing();
        let downloadName = name;
        let isPublic = false;
        if (folder === RESOURCES) {
          const { expires, scope, signature } = request.query;
          const signer = await links();
          if (
            !expires ||
            !signature ||
            (scope !== 'family' && scope !== 'staff') ||
            !signer.verify(key, Number(expires), scope, signature, ctx.clock.now())
          )
            throw missing();
          const row = await resourceByUrl(ctx.db, `${FILES_PREFIX}${key}`);
          if (!row || (scope === 'family' && !row.isActive)) throw missing();
          downloadName = row.fileName ?? name;
        } else {
          isPublic = true;
        }
        const file = await storage.get(key);
        if (!file) throw missing();
        const isImage = file.contentType.startsWith('image/');
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', disposition(isImage ? 'inline' : 'attachment', downloadName))
          .header(
            'cache-control',
            isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=600, no-transform',
          );
        return reply.send(file.stream);
      },
    );
  };
