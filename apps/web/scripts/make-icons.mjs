// Renders the app icons (PNG) of the web manifest from favicon.svg in Chromium; the results are committed.
// Run again after changing the logo: npm run icons -w @portal/web
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const out = path.join(root, 'public', 'icons');
fs.mkdirSync(out, { recursive: true });

// Maskable: the launcher may cut the icon to a circle of 80 % of its size, so the logo sits inside that, on the brand colour.
const icons = [
  { file: 'icon-192.png', size: 192, html: `<div style="width:100%;height:100%">${svg}</div>` },
  { file: 'icon-512.png', size: 512, html: `<div style="width:100%;height:100%">${svg}</div>` },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    html: `<div style="width:100%;height:100%;background:#1864ab;display:grid;place-items:center"><div style="width:60%;height:60%">${svg}</div></div>`,
  },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<style>html,body{margin:0;width:100%;height:100%;background:transparent}svg{width:100%;height:100%;display:block}</style>${icon.html}`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
