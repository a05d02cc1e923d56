/**
 * The Apple pass's images (issue 11), drawn once in memory: the icon (29, 58 and 87 px: a rounded oak-green
 * square with a cream acorn-cap dot) and the logo beside "Bright Oak" (50 and 100 px: a cream ring), as RGBA
 * PNGs; and the PNG check for an adult's photo (Wallet takes PNG images only).
 */
import { crc32, deflateSync } from 'node:zlib';

/** True when `bytes` start with the PNG signature. */
export function isPng(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Rgba = readonly [number, number, number, number];

const GREEN: Rgba = [29, 92, 52, 255];

const CREAM: Rgba = [255, 248, 235, 255];

const CLEAR: Rgba = [0, 0, 0, 0];

/** An RGBA PNG of `size`×`size` pixels whose pixel at (x, y) (centre-based, 0..1) is `paint(x, y)`. */
function png(size: number, paint: (x: number, y: number) => Rgba): Buffer {
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = paint((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * row + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per sample, RGBA, deflate, no filter, not interlaced
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `color` with its alpha scaled by `coverage` (0..1), for soft edges. */
function cover(color: Rgba, coverage: number): Rgba {
  const c = Math.min(1, Math.max(0, coverage));
  return c === 0 ? CLEAR : [color[0], color[1], color[2], Math.round(color[3] * c)];
}

/** Signed distance (in units of the image) from (x, y) to a centred rounded square of half-side `half`. */
function roundedSquare(x: number, y: number, half: number, radius: number): number {
  const qx = Math.abs(x - 0.5) - (half - radius);
  const qy = Math.abs(y - 0.5) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function icon(size: number): Buffer {
  const edge = 1 / size;
  return png(size, (x, y) => {
    const dot = Math.hypot(x - 0.5, y - 0.5) - 0.2;
    if (dot < edge) return dot <= 0 ? CREAM : cover(CREAM, 1 - dot / edge);
    return cover(GREEN, -roundedSquare(x, y, 0.5, 0.22) / edge);
  });
}

function logo(size: number): Buffer {
  const edge = 1 / size;
  return png(size, (x, y) => {
    const d = Math.abs(Math.hypot(x - 0.5, y - 0.5) - 0.34) - 0.1;
    return cover(CREAM, -d / edge);
  });
}

let drawn: Record<string, Buffer> | undefined;

/** The pass's icon and logo files by name (`icon.png`, `icon@2x.png`, …), drawn on first use. */
export function images(): Record<string, Buffer> {
  drawn ??= {
    'icon.png': icon(29),
    'icon@2x.png': icon(58),
    'icon@3x.png': icon(87),
    'logo.png': logo(50),
    'logo@2x.png': logo(100),
  };
  return drawn;
}
