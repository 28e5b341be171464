/**
 * Draws the demo pictures into src/server/domains/demo-images/pictures/ (committed; served at `<API_BASE>/demo/<name>`): two pictures per leaf
 * category of the demo catalog (JPEG: products, SKUs, albums, category icons), a logo per demo brand, an avatar per demo
 * member and back-office account, an icon per demo shop. Drawings are SVG (products.ts, people.ts), rendered once to
 * PNG by headless Chromium; names come from src/server/domains/demo-images/names.ts, as the seed uses them.
 *
 *   npx tsx scripts/demo-images/index.ts [--sheet /tmp/contact-sheet.png]
 *
 * Needs Chromium at CHROMIUM_PATH (default /usr/bin/chromium). Re-run after adding a brand, member, shop, account
 * or leaf category to the demo data; `test/api/demo-data.test.ts` fails while a seeded picture is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_IMAGES_DIR, demoImage } from '../../src/server/domains/demo-images/names.js';
import { DEMO_CATEGORIES } from '../../src/server/domains/seed/catalog-data.js';
import { BRANDS } from '../../src/server/domains/seed/data-brands.js';
import { DEMO_LOGINS } from '../../src/server/domains/seed/data-accounts.js';
import { DEMO_MEMBERS, DEMO_SHOPS, PLATFORM_SHOP } from '../../src/server/domains/seed/data-shops.js';
import { PRODUCT_DRAWINGS, type Palette } from './products.js';
import { avatar, brandLogo, shopFront } from './people.js';

interface Picture {
  name: string;
  /** Square side in pixels. */
  size: number;
  svg: string;
}

const PALETTES: Palette[] = [
  { main: '#2563eb', dark: '#1e3a8a', light: '#93c5fd' },
  { main: '#e11d48', dark: '#881337', light: '#fda4af' },
  { main: '#475569', dark: '#1e293b', light: '#cbd5e1' },
  { main: '#059669', dark: '#064e3b', light: '#6ee7b7' },
  { main: '#d97706', dark: '#78350f', light: '#fcd34d' },
  { main: '#7c3aed', dark: '#3b0764', light: '#c4b5fd' },
  { main: '#e2e8f0', dark: '#64748b', light: '#ffffff', ink: '#334155' },
  { main: '#0f172a', dark: '#000000', light: '#64748b' },
];
const BACKGROUNDS = ['#f1f5f9', '#fdf4ec', '#eef6f1', '#f5f0fb'];
const LONG_HAIR = new Set(['emma.w', 'olivia.b', 'wang.fang', 'sato.yui', 'kim.minji', 'mia.d', 'seller']);
const SHOP_COLORS = ['#db2777', '#2563eb', '#059669', '#d97706'];

/** A product drawing on a soft backdrop with a floor shadow, like a catalogue photo. */
const productPhoto = (inner: string, background: string) => `
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/></radialGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a5f"/><stop offset=".55" stop-color="#0f172a"/><stop offset="1" stop-color="#334155"/></linearGradient>
  </defs>
  <rect width="200" height="200" fill="url(#bg)"/>
  <ellipse cx="100" cy="184" rx="70" ry="7" fill="#0f172a" opacity=".12"/>
  ${inner}`;

function pictures(): Picture[] {
  const list: Picture[] = [];
  const leaves = DEMO_CATEGORIES.flatMap((t) => t.children);
  for (const [i, leaf] of leaves.entries()) {
    const draw = PRODUCT_DRAWINGS[leaf.name];
    if (!draw) throw new Error(`No drawing for leaf category ${leaf.name} (scripts/demo-images/products.ts)`);
    for (const n of [1, 2] as const) {
      const palette = PALETTES[(i * 3 + (n - 1) * 5) % PALETTES.length];
      list.push({
        name: demoImage.product(leaf.name, n),
        size: 320,
        svg: productPhoto(draw(palette), BACKGROUNDS[(i + n) % BACKGROUNDS.length]),
      });
    }
  }
  for (const [name] of BRANDS) list.push({ name: demoImage.brand(name), size: 200, svg: brandLogo(name) });
  for (const [, username] of DEMO_MEMBERS)
    list.push({ name: demoImage.member(username), size: 160, svg: avatar(username, LONG_HAIR.has(username)) });
  for (const a of DEMO_LOGINS)
    list.push({ name: demoImage.admin(a.username), size: 160, svg: avatar(a.username, LONG_HAIR.has(a.username)) });
  for (const [i, s] of [...DEMO_SHOPS, PLATFORM_SHOP].entries())
    list.push({
      name: demoImage.shop(s.inviteCode),
      size: 200,
      svg: shopFront(s.inviteCode.replace(/\d+$/, ''), SHOP_COLORS[i % SHOP_COLORS.length]),
    });
  return list;
}

const html = (p: Picture) => `<!doctype html><html><body style="margin:0;background:transparent">
  <svg xmlns="http://www.w3.org/2000/svg" width="${p.size}" height="${p.size}" viewBox="0 0 200 200">${p.svg}</svg></body></html>`;

async function main() {
  const sheetAt = process.argv.indexOf('--sheet');
  const sheet = sheetAt > 0 ? process.argv[sheetAt + 1] : null;
  const list = pictures();
  fs.mkdirSync(DEMO_IMAGES_DIR, { recursive: true });
  for (const f of fs.readdirSync(DEMO_IMAGES_DIR)) if (/\.(png|jpg)$/.test(f)) fs.rmSync(path.join(DEMO_IMAGES_DIR, f));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    for (const p of list) {
      await page.setViewportSize({ width: p.size, height: p.size });
      await page.setContent(html(p));
      // Product photos have soft gradients: JPEG keeps them a tenth of the PNG size.
      const jpeg = p.name.endsWith('.jpg');
      await page.locator('svg').screenshot({
        path: path.join(DEMO_IMAGES_DIR, p.name),
        ...(jpeg ? { type: 'jpeg', quality: 85 } : { omitBackground: true }),
      });
    }
    if (sheet) {
      // Every picture at 100 px with its name: one look tells whether they read as what they are.
      await page.setViewportSize({ width: 1400, height: 800 });
      const cells = list.map(
        (p) => `<figure style="margin:4px;width:120px;font:10px sans-serif;text-align:center">
        <img src="data:image/png;base64,${fs.readFileSync(path.join(DEMO_IMAGES_DIR, p.name)).toString('base64')}" width="100" height="100"><br>${p.name}</figure>`,
      );
      await page.setContent(`<body style="margin:8px;display:flex;flex-wrap:wrap">${cells.join('')}</body>`);
      await page.screenshot({ path: sheet, fullPage: true });
    }
  } finally {
    await browser.close();
  }
  const bytes = list.reduce((n, p) => n + fs.statSync(path.join(DEMO_IMAGES_DIR, p.name)).size, 0);
  console.log(`${list.length} pictures, ${Math.round(bytes / 1024)} kB in ${DEMO_IMAGES_DIR}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
