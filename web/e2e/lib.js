// Test helpers: build and start `m44 serve` on a free port with a fresh
// database, and drive Debian's Chromium with playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');
export const artifacts = path.join(here, 'artifacts');
export const fixtures = path.join(here, 'fixtures');
fs.mkdirSync(artifacts, { recursive: true });

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let built = null;
// buildServer compiles cmd/m44 once per test process.
export function buildServer() {
  if (built) return built;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'm44-e2e-bin-'));
  const bin = path.join(dir, 'm44');
  execFileSync('go', ['build', '-o', bin, './cmd/m44'], { cwd: repo, stdio: 'inherit' });
  built = bin;
  return bin;
}

// startServer runs `m44 serve --addr 127.0.0.1:0 --db <tmp>` and resolves
// with {url, stop} once it prints the address it serves on.
export async function startServer({ botDelay = '60ms', addr = '127.0.0.1:0', dir = null, args = [] } = {}) {
  const bin = buildServer();
  const keep = !!dir;
  dir = dir || fs.mkdtempSync(path.join(os.tmpdir(), 'm44-e2e-db-'));
  const proc = spawn(bin, ['serve', '--addr', addr, '--db', path.join(dir, 'm44.db'), '--bot-delay', botDelay, ...args],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start:\n' + log)), 60000);
    const seen = (b) => {
      log += b;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    };
    proc.stdout.on('data', seen);
    proc.stderr.on('data', (b) => { log += b; });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited ${code}:\n${log}`)); });
  });
  proc.stderr.on('data', (b) => { log += b; });
  return {
    url,
    dir,
    log: () => log,
    stop: async () => {
      if (proc.exitCode != null) return;
      proc.kill('SIGTERM');
      await new Promise((r) => { const t = setTimeout(() => { proc.kill('SIGKILL'); r(); }, 5000); proc.on('exit', () => { clearTimeout(t); r(); }); });
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
    keep() { return dir; },
  };
}

let builtTests = null;
// startGoTestServer runs the web package's Go test helper TestServeForBrowser
// (web/catalog_test.go): a server whose built-in scenario "e2e-swamps" plays
// with a made-up ruleset. It resolves with {url, scenario, stop}.
export async function startGoTestServer() {
  if (!builtTests) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'm44-e2e-bin-'));
    builtTests = path.join(dir, 'web.test');
    execFileSync('go', ['test', '-c', '-o', builtTests, './web'], { cwd: repo, stdio: 'inherit' });
  }
  const proc = spawn(builtTests, ['-test.run', '^TestServeForBrowser$'], {
    cwd: path.join(repo, 'web'), stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, M44_E2E_SERVE: '1' },
  });
  let log = '';
  const got = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the test server did not start:\n' + log)), 60000);
    proc.stdout.on('data', (b) => {
      log += b;
      const m = /serving (http:\/\/127\.0\.0\.1:\d+) scenario (\S+)/.exec(log);
      if (m) { clearTimeout(timer); resolve({ url: m[1], scenario: m[2] }); }
    });
    proc.stderr.on('data', (b) => { log += b; });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the test server exited ${code}:\n${log}`)); });
  });
  return {
    ...got,
    log: () => log,
    stop: async () => {
      if (proc.exitCode != null) return;
      proc.stdin.end();
      await new Promise((r) => { const t = setTimeout(() => { proc.kill('SIGKILL'); r(); }, 10000); proc.on('exit', () => { clearTimeout(t); r(); }); });
    },
  };
}

// browser opens a fresh Chromium profile (its own --user-data-dir).
export async function browser({ width = 1280, height = 800, locale = 'en-US' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'm44-e2e-chromium-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, args: FLAGS, viewport: { width, height }, locale, headless: true,
  });
  // The tests play fast: the other side's moves at the settings' fast pace
  // (a test that checks the settings sets its own).
  await ctx.addInitScript(() => {
    try { if (!localStorage.getItem('m44.prefs')) localStorage.setItem('m44.prefs', JSON.stringify({ pace: 'fast' })); } catch { /* no storage */ }
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e && e.stack || e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return {
    ctx, page, errors,
    newPage: async () => ctx.newPage(),
    close: async () => { await ctx.close(); fs.rmSync(dir, { recursive: true, force: true }); },
  };
}

export async function shot(page, name) {
  const file = path.join(artifacts, name + '.png');
  await page.screenshot({ path: file });
  return file;
}

export async function api(url, method, p, body) {
  const res = await fetch(url + p, {
    method, headers: body ? { 'Content-Type': typeof body === 'string' ? 'application/octet-stream' : 'application/json' } : {},
    body: body ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

// snapshotOf reads the page's game through the API with the token in its URL.
// finishedBotGame starts a game of two easy bots and waits until it is over
// (or `polls` × 200 ms have passed); it resolves with the game's id.
export async function finishedBotGame(url, scenario, polls = 900) {
  const g = await api(url, 'POST', '/api/games', { scenario, seats: { allies: 'bot:easy', axis: 'bot:easy' } });
  if (g.status !== 201) throw new Error(`game not created: ${g.status} ${JSON.stringify(g.body)}`);
  const id = g.body.game;
  for (let i = 0; i < polls; i++) {
    if ((await api(url, 'GET', `/api/games/${id}`)).body.over) break;
    await sleep(200);
  }
  return id;
}

export async function snapshotOf(url, page) {
  const u = new URL(page.url());
  const game = u.pathname.split('/').pop();
  const token = decodeURIComponent(u.hash.slice(1)).split(',')[0];
  return (await api(url, 'GET', `/api/games/${game}?token=${token}`)).body;
}

// myTurn waits until the page says it is the player's turn, or the game is over.
export async function waitMine(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const s = document.querySelector('#status');
    const over = document.querySelector('.dialog.over');
    return over || (s && s.dataset.mine === 'yes' && !document.querySelector('.game.pending'));
  }, null, { timeout });
  return !!(await page.$('.dialog.over'));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export { sleep };

// ids lists a unique selector for each element matching sel.
async function ids(page, sel) {
  return page.$$eval(sel, (els) => els.map((e) => {
    if (e.dataset.hex) return `path.hit[data-hex="${e.dataset.hex}"]`;
    if (e.dataset.card && e.closest('#hand')) return `#hand .card[data-card="${e.dataset.card}"]${e.dataset.keep ? '[data-keep]' : ''}`;
    if (e.dataset.action) return `#actions .btn[data-action="${e.dataset.action}"]`;
    if (e.id) return '#' + e.id;
    return null;
  }).filter(Boolean));
}

// click clicks like a person. The page may redraw in between (a new
// position arrives): then the click is dropped and false returned, and the
// caller looks again at what the page offers.
export async function click(page, sel, timeout = 3000) {
  try {
    await page.click(sel, { timeout });
    return true;
  } catch (e) {
    if (!/Timeout|detached|not attached|not stable/.test(String(e && e.message))) throw e;
    return false;
  }
}

// step plays one decision the way a person would, by clicking what the page
// offers: a card then its play button; a battle target; a unit then a hex;
// else the step's main button. It returns what it clicked.
export async function step(page, rnd = Math.random) {
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const go = async (list, what) => ((await click(page, pick(list))) ? what : '');
  // A confirmation (a card that orders nothing, ending a turn with units
  // that can still battle): a person reads it and goes on.
  if (await page.$('#confirm-yes')) return (await click(page, '#confirm-yes')) ? 'confirm' : '';
  const keep = await ids(page, '#hand [data-keep]');
  if (keep.length) return go(keep, 'keep');
  const playable = await ids(page, '#hand .card.playable');
  const primary = await ids(page, '#actions .btn.primary[data-action]');
  if (playable.length) {
    if (!(await page.$('#hand .card.selected'))) return go(playable, 'card');
    if (primary.length) return go(primary, 'play');
  }
  const targets = await ids(page, 'path.hit[data-mark="target"], path.hit[data-mark="aim"]');
  if (targets.length) return go(targets, 'target');
  const dests = await ids(page, 'path.hit[data-mark="dest"], path.hit[data-mark="retreat"], path.hit[data-mark="tg"]');
  if (dests.length) return go(dests, 'dest');
  if (primary.length && rnd() < 0.7) return go(primary, 'primary');
  const units = await ids(page, 'path.hit[data-mark="can"]');
  const closer = await ids(page, '#actions .btn.closer[data-action]');
  if (units.length && (!closer.length || rnd() < 0.85)) return go(units, 'unit');
  if (primary.length) return go(primary, 'primary');
  if (closer.length) return go(closer, 'closer');
  const any = await ids(page, '#actions .btn[data-action]');
  if (any.length) return go(any, 'button');
  return '';
}

export function seeded(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
