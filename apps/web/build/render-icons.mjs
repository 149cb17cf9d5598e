// Renders the app's icons from the almond of public/favicon.svg (run once when the logo changes; the PNGs
// and favicon.ico it writes into public/ are committed):
//   node apps/web/build/render-icons.mjs
// icons/icon.svg is the almond on a rounded cream tile ("any" purpose); icons/maskable.svg the same almond
// smaller on a full-bleed tile, inside the maskable safe zone (a centred circle of 80 % of the width), which
// also serves as the apple-touch-icon (iOS rounds the corners itself and shows transparency as black).
// favicon.ico holds 16, 32 and 48 px PNG images of favicon.svg (the ICO format allows PNG entries).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const here = import.meta.dirname;
const publicDir = path.resolve(here, '..', 'public');
const iconsDir = path.join(publicDir, 'icons');
fs.mkdirSync(iconsDir, { recursive: true });

const render = (svgFile, size) => sharp(fs.readFileSync(svgFile), { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

const outputs = [
  ['icon-192.png', 'icon.svg', 192],
  ['icon-512.png', 'icon.svg', 512],
  ['maskable-192.png', 'maskable.svg', 192],
  ['maskable-512.png', 'maskable.svg', 512],
  ['../apple-touch-icon.png', 'maskable.svg', 180],
];
for (const [name, source, size] of outputs) {
  fs.writeFileSync(path.join(iconsDir, name), await render(path.join(here, 'icons', source), size));
}

/** An ICO file whose entries are PNG images (Vista and every current browser read them). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}
const favicon = path.join(publicDir, 'favicon.svg');
const images = [];
for (const size of [16, 32, 48]) images.push({ size, png: await render(favicon, size) });
fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico(images));
console.log('icons written to', path.relative(process.cwd(), iconsDir), 'and favicon.ico');
