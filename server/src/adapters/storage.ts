/**
 * Where uploaded files live (issue 10: session thumbnails and digital resources). One small interface with two
 * adapters: a folder on disk (`${DATA_DIR}/files`, the default) and an S3-compatible bucket (AWS S3, MinIO,
 * Cloudflare R2, Backblaze B2…) through the AWS SDK when the FILES_S3_* settings are given (config.ts).
 *
 * Keys are made by the caller from random ids (e.g. `resources/3f2a…-9c.pdf`); the adapters still refuse any
 * key outside `[a-z0-9-]+/[a-z0-9-]+(.ext)?`, so a key can never climb out of the folder or the bucket prefix.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** A stored file as read back: its bytes as a stream, its media type and its size in bytes. */
export type StoredFile = { stream: Readable; contentType: string; size: number };

/** A stored file as listed: its key and when it was last written. */
export type ListedFile = { key: string; modified: Date };

export interface FileStorage {
  /** Store `bytes` under `key` with the media type `contentType` (replaces a file with the same key). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Remove the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `folder/` (`folder` as in a key, e.g. `photos`), in no set order. */
  list(folder: string): AsyncIterable<ListedFile>;
}

const FOLDER = /^[a-z0-9-]{1,40}$/;

function assertFolder(folder: string): void {
  if (!FOLDER.test(folder)) throw new Error(`Not a storage folder: ${JSON.stringify(folder.slice(0, 100))}`);
}

const KEY = /^[a-z0-9-]{1,40}\/[a-z0-9-]{8,80}(\.[a-z0-9]{1,8})?$/;

/** Throws when `key` is not a storage key this app makes (see the module comment). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** True when `key` has the shape of a storage key (for reading keys out of URLs). */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/**
 * Files in `root` (created on first write). Each file sits beside a `.type` file holding its media type; a
 * write goes to a temporary name first and is renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomUUID()}.tmp`;
      await writeFile(`${file}.type`, contentType);
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const contentType = (await readFile(`${file}.type`, 'utf8').catch(() => '')).trim();
      return {
        stream: createReadStream(file),
        contentType: contentType || 'application/octet-stream',
        size: info.size,
      };
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    async *list(folder) {
      assertFolder(folder);
      const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
      for (const name of names) {
        // Beside each file: its `.type`, and for a moment a write's `.tmp`; neither is a key.
        const key = `${folder}/${name}`;
        if (!KEY.test(key)) continue;
        const info = await stat(path.join(root, folder, name)).catch(() => null);
        if (info?.isFile()) yield { key, modified: info.mtime };
      }
    },
  };
}

export type S3Settings = NonNullable<Config['filesS3']>;

/**
 * Files in an S3-compatible bucket. Path-style addressing (`endpoint/bucket/key`) so MinIO and other
 * self-hosted stores work as well as AWS; objects stay private (they are served through `GET /api/files/…`,
 * which applies the access rules).
 */
export function createS3Storage(settings: S3Settings, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          stream: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(folder) {
      assertFolder(folder);
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && KEY.test(object.Key))
            yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The storage `config` asks for: the bucket when FILES_S3_* are set, else `${dataDir}/files`. */
export function createStorage(config: Pick<Config, 'dataDir' | 'filesS3'>): FileStorage {
  return config.filesS3
    ? createS3Storage(config.filesS3)
    : createLocalStorage(path.join(config.dataDir, 'files'));
}
