/**
 * The photo of a pickup adult (issue 11): a JPEG or PNG of at most 5 MB kept in the file storage under
 * `photos/<random>.<ext>` (adapters/storage.ts), shown at the kiosk and on the wallet pass.
 */
import type { FileStorage } from '../../adapters/storage.ts';

export type PhotoStore = {
  /** The photo's bytes and media type, or undefined when the file is gone. */
  read(key: string): Promise<{ bytes: Buffer; mimeType: string } | undefined>;
};

export const PHOTOS = 'photos';

/** Photos read through `storage`. */
export function createPhotoStore(storage: FileStorage): PhotoStore {
  return {
    async read(key) {
      const file = await storage.get(key);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return { bytes: Buffer.concat(chunks), mimeType: file.contentType };
    },
  };
}
