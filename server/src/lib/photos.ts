/**
 * Making a photo safe to share (issue 25; decisions 031 and 033), for every domain that keeps families'
 * photos (a message's files, a session's day): sharp turns it upright, resizes it to at most `maxPixels` on
 * its longest side (never up), and writes it again, which drops its metadata — EXIF, the GPS location, the
 * camera's serial — so nothing of where a child was photographed leaves with it.
 */
import sharp from 'sharp';

/** A cleaned photo: its new bytes and size in pixels. */
export type CleanedPhoto = { bytes: Buffer; width: number; height: number };

/**
 * `bytes` (of content type `mime`: image/jpeg, image/png or image/webp) cleaned and re-encoded in the same
 * format; null when sharp cannot read it (the caller refuses the upload like a wrong kind).
 */
export async function cleanPhoto(
  bytes: Buffer,
  mime: string,
  maxPixels: number,
): Promise<CleanedPhoto | null> {
  try {
    const image = sharp(bytes, { failOn: 'error' }).rotate().resize({
      width: maxPixels,
      height: maxPixels,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const out =
      mime === 'image/png'
        ? image.png()
        : mime === 'image/webp'
          ? image.webp({ quality: 85 })
          : image.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
