// Writes the portal's icons into web/public/ (copied into the build as they are): favicon.svg, favicon.ico (a
// 32 px PNG inside), the home-screen icons (180 px apple-touch-icon, 192 and 512 px for the web app manifest) and
// the manifest itself. One drawing, described once below, rendered as SVG and rasterized here without a
// dependency (4x4 samples a pixel, PNG written with node:zlib). Run again after changing the drawing:
//     npx tsx worker/scripts/make-icons.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '../../web/public');
const ACCENT: [number, number, number] = [0xc8, 0x10, 0x2e]; // --accent of web/styles.css
const WHITE: [number, number, number] = [255, 255, 255];

// The drawing on a 0..1 square: a red tile with rounded corners and a white ring (the O of SO).
const CORNER = 0.2;
const RING = { cx: 0.5, cy: 0.5, outer: 0.32, inner: 0.2 };

function insideTile(x: number, y: number): boolean {
  const dx = Math.max(CORNER - x, 0, x - (1 - CORNER));
  const dy = Math.max(CORNER - y, 0, y - (1 - CORNER));
  return dx * dx + dy * dy <= CORNER * CORNER;
}

function colorAt(x: number, y: number): [number, number, number] | null {
  if (!insideTile(x, y)) return null;
  const d = Math.hypot(x - RING.cx, y - RING.cy);
  if (d <= RING.outer && d >= RING.inner) return WHITE;
  return ACCENT;
}

function svg(): string {
  const c = (v: number) => +(v * 100).toFixed(2);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" rx="${c(CORNER)}" fill="#c8102e"/>`,
    `<circle cx="${c(RING.cx)}" cy="${c(RING.cy)}" r="${c((RING.outer + RING.inner) / 2)}" fill="none" stroke="#fff" stroke-width="${c(RING.outer - RING.inner)}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** `size` bytes written through a DataView (PNG is big-endian, ICO little-endian). */
function bytes(size: number, write: (view: DataView) => void): Uint8Array {
  const out = new Uint8Array(size);
  write(new DataView(out.buffer));
  return out;
}

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([ascii(type), data]);
  return concat([bytes(4, (v) => v.setUint32(0, data.length)), typed, bytes(4, (v) => v.setUint32(0, crc32(typed)))]);
}

/** The drawing as an RGBA PNG of size x size pixels, each pixel the average of 4x4 samples. */
function png(size: number): Uint8Array {
  const samples = 4;
  const rows: Uint8Array[] = [];
  for (let py = 0; py < size; py++) {
    const row = new Uint8Array(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const color = colorAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!color) continue;
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      const o = 1 + px * 4;
      if (a > 0) {
        row[o] = Math.round(r / a);
        row[o + 1] = Math.round(g / a);
        row[o + 2] = Math.round(b / a);
      }
      row[o + 3] = Math.round((255 * a) / (samples * samples));
    }
    rows.push(row);
  }
  const header = bytes(13, (v) => {
    v.setUint32(0, size);
    v.setUint32(4, size);
    v.setUint8(8, 8); // bit depth
    v.setUint8(9, 6); // RGBA
  });
  return concat([
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(concat(rows), { level: 9 }))),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** An ICO file holding one PNG image (every browser since IE's days reads PNG inside ICO). */
function ico(image: Uint8Array, size: number): Uint8Array {
  const head = bytes(6 + 16, (v) => {
    v.setUint16(2, 1, true); // an icon
    v.setUint16(4, 1, true); // one image
    v.setUint8(6, size);
    v.setUint8(7, size);
    v.setUint16(10, 1, true); // planes
    v.setUint16(12, 32, true); // bits per pixel
    v.setUint32(14, image.length, true);
    v.setUint32(18, 22, true); // where the image starts
  });
  return concat([head, image]);
}

const manifest = {
  name: 'SO Portal',
  short_name: 'SO Portal',
  start_url: '/',
  display: 'browser',
  background_color: '#ffffff',
  theme_color: '#c8102e',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
};

writeFileSync(path.join(OUT, 'favicon.svg'), svg());
writeFileSync(path.join(OUT, 'favicon.ico'), ico(png(32), 32));
writeFileSync(path.join(OUT, 'apple-touch-icon.png'), png(180));
writeFileSync(path.join(OUT, 'icon-192.png'), png(192));
writeFileSync(path.join(OUT, 'icon-512.png'), png(512));
writeFileSync(path.join(OUT, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`icons written to ${OUT}`);
