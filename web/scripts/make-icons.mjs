// Draws the app's icons (web/public/icons/) from the logo in web/public/favicon.svg with sharp: the
// "any" icons are the logo itself; the maskable ones put its mark inside the central 80% safe zone
// on a full-bleed background, since a phone may crop them to a circle or a squircle. The PNGs are
// committed; run this again (`node web/scripts/make-icons.mjs`) after the logo changes.
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const pub = new URL('../public/', import.meta.url).pathname;
const logo = readFileSync(`${pub}favicon.svg`, 'utf8');
// The mark alone (the logo's path), drawn on a square without rounded corners.
const mark = /<path[^>]*\/>/.exec(logo)?.[0];
const fill = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!mark || !fill) throw new Error('favicon.svg has no path or fill colour');
// The mark spans x 8–24 of 32; scaled by 0.75 around the centre it stays inside the 80% safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><g transform="translate(4 4) scale(0.75)">${mark}</g></svg>`;

mkdirSync(`${pub}icons`, { recursive: true });
const draw = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${pub}icons/${file}`);

await Promise.all([
  draw(logo, 192, 'icon-192.png'),
  draw(logo, 512, 'icon-512.png'),
  draw(maskable, 192, 'maskable-192.png'),
  draw(maskable, 512, 'maskable-512.png'),
  // iOS puts its own rounded corners on a full-bleed square.
  draw(maskable, 180, 'apple-touch-icon.png'),
]);
console.info('icons written to web/public/icons/');
