#!/usr/bin/env node
// Generates the placeholder pictures the portfolio ships with: gallery scenes, a headshot and a favicon as
// small SVGs, and — through the system's Chromium — the social-card JPEG and the résumé PDF from the content
// file. Nothing is downloaded. Run: `npm run artwork -w demo`; commit the outputs in demo/public.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { runnerImport } from 'vite';
import { CHROMIUM_FLAGS, chromiumPath } from '../../test-support/chromium.mjs';

const demo = fileURLToPath(new URL('..', import.meta.url));
const publicDir = `${demo}public`;
const { module } = await runnerImport(`${demo}src/content/portfolio.ts`);
const { portfolio } = module;

/** Deterministic pseudo-random numbers, so regenerating gives the same files. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const palettes = [
  ['#f6bd60', '#f28482', '#84a59d', '#3d405b'],
  ['#ffcdb2', '#e5989b', '#6d6875', '#3d405b'],
  ['#a8dadc', '#457b9d', '#1d3557', '#e63946'],
  ['#e9c46a', '#f4a261', '#2a9d8f', '#264653'],
  ['#cdb4db', '#ffafcc', '#a2d2ff', '#3d405b'],
  ['#fefae0', '#dda15e', '#606c38', '#283618'],
];

function hills(rnd, width, height, colors, layers) {
  let out = '';
  for (let layer = 0; layer < layers; layer += 1) {
    const base = height * (0.55 + layer * 0.13);
    const points = [`0,${height}`];
    const steps = 6;
    for (let step = 0; step <= steps; step += 1) {
      const x = Math.round((width / steps) * step);
      const y = Math.round(base - rnd() * height * 0.22);
      points.push(`${x},${y}`);
    }
    points.push(`${width},${height}`);
    out += `<polygon fill="${colors[(layer + 1) % colors.length]}" points="${points.join(' ')}"/>`;
  }
  return out;
}

function scene(index, width, height, detailed) {
  const rnd = random(index * 7919 + 17);
  const colors = palettes[index % palettes.length];
  const sunX = Math.round(width * (0.2 + rnd() * 0.6));
  const sunY = Math.round(height * (0.2 + rnd() * 0.15));
  const sunR = Math.round(height * (0.08 + rnd() * 0.06));
  const ball =
    detailed && index % 4 === 1
      ? `<circle cx="${Math.round(width * 0.8)}" cy="${Math.round(height * 0.7)}" r="${Math.round(height * 0.07)}" fill="#e76f51" stroke="#264653" stroke-width="3"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${colors[0]}"/>` +
    `<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="#fff" fill-opacity=".75"/>` +
    hills(rnd, width, height, colors, detailed ? 3 : 2) +
    ball +
    '</svg>\n'
  );
}

function headshot(size) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    '<rect width="100" height="100" fill="#e0e1ea"/>' +
    '<circle cx="50" cy="40" r="18" fill="#3d405b"/>' +
    '<path d="M14 100c2-22 17-34 36-34s34 12 36 34z" fill="#3d405b"/>' +
    '<path d="M32 36c2-14 12-20 22-18 9 2 15 9 14 20-6-5-16-6-26-3z" fill="#81b29a"/>' +
    '</svg>\n'
  );
}

function initials(name) {
  return name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function favicon(name) {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="14" fill="#3d405b"/>' +
    `<text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${initials(name)}</text>` +
    '</svg>\n'
  );
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function socialCardHtml() {
  return `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box;
background:linear-gradient(135deg,#f4f1de,#e0e1ea);font-family:sans-serif;color:#3d405b">
<div style="width:280px;height:280px;border-radius:50%;overflow:hidden;flex:none">${headshot(280)}</div>
<div><div style="font-size:76px;font-weight:700">${escape(portfolio.name)}</div>
<div style="font-size:40px;margin-top:16px">${portfolio.taglines.map(escape).join(' · ')}</div></div></div></body></html>`;
}

function resumeHtml() {
  const experience = portfolio.experience
    .map(
      (entry) =>
        `<h3>${escape(entry.role)} — ${escape(entry.company)}</h3><p><em>${escape(entry.date)}</em></p><ul>${entry.bullets
          .map((b) => `<li>${escape(b)}</li>`)
          .join('')}</ul>`,
    )
    .join('');
  const projects = portfolio.projects
    .map(
      (p) => `<h3>${escape(p.name)} (${p.tech.map(escape).join(', ')})</h3><p>${escape(p.description)}</p>`,
    )
    .join('');
  return `<!doctype html><html><head><style>body{font-family:sans-serif;color:#222;margin:40px;font-size:12px}
h1{color:#3d405b;margin:0}h2{color:#3d405b;border-bottom:1px solid #3d405b}h3{margin:8px 0 2px}</style></head><body>
<h1>${escape(portfolio.name)}</h1><p>${portfolio.taglines.map(escape).join(' · ')}</p>
<h2>Experience</h2>${experience}<h2>Projects</h2>${projects}
<p style="margin-top:24px;color:#666">Placeholder résumé generated from demo/src/content/portfolio.ts.</p></body></html>`;
}

mkdirSync(`${publicDir}/images/gallery`, { recursive: true });
portfolio.gallery.forEach((image, index) => {
  writeFileSync(`${publicDir}${image.original}`, scene(index, image.width, image.height, true));
  writeFileSync(
    `${publicDir}${image.thumbnail}`,
    scene(index, image.thumbnailWidth, image.thumbnailHeight, false),
  );
});
writeFileSync(`${publicDir}${portfolio.headshot.src}`, headshot(portfolio.headshot.width));
writeFileSync(`${publicDir}/favicon.svg`, favicon(portfolio.name));

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(socialCardHtml());
  await page.screenshot({ path: `${publicDir}${portfolio.socialImage.src}`, type: 'jpeg', quality: 80 });
  await page.setContent(resumeHtml());
  await page.pdf({ path: `${publicDir}${portfolio.resume.href}`, format: 'A4' });
} finally {
  await browser.close();
}
console.log('artwork written to demo/public');
