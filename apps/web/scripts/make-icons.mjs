// Draws the app's icons (the web app manifest's and the home screen's) from the SVGs in icons/ into
// public/icons/, where the build copies them. The PNGs are committed: run this again after changing
// an SVG (`node apps/web/scripts/make-icons.mjs`).
//
// - icon-192.png, icon-512.png: the rounded icon, for browsers that draw it as it is;
// - maskable-512.png: full bleed, the mark inside the central circle of 80 % that every mask keeps
//   (purpose "maskable": Android crops it to its own shape);
// - apple-touch-icon.png: 180 px, full bleed (iOS rounds the corners itself).
import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const out = path.join(web, 'public/icons');
fs.mkdirSync(out, { recursive: true });

const icons = [
  ['app-icon.svg', 192, 'icon-192.png'],
  ['app-icon.svg', 512, 'icon-512.png'],
  ['maskable-icon.svg', 512, 'maskable-512.png'],
  ['maskable-icon.svg', 180, 'apple-touch-icon.png'],
];

for (const [source, size, name] of icons) {
  const svg = fs.readFileSync(path.join(web, 'icons', source));
  await sharp(svg, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`public/icons/${name} (${size} x ${size})`);
}
