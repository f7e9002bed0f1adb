// Issue 18, accessibility: the text of the main controls reaches WCAG AA
// contrast (4.5:1; 3:1 for large text), measured from getComputedStyle in
// Chromium on the lobby and the game page at three sizes; every control has
// an accessible name; the board, the hand, the status and the log are named
// regions (the status a live region, the log role="log").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, api, waitMine } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const SIZES = [{ name: 'desktop', width: 1440, height: 900 }, { name: 'tablet', width: 1024, height: 768 }, { name: 'phone', width: 390, height: 844 }];

// lowContrast lists the visible text of sel whose contrast with the
// background behind it is under AA. The background is the first opaque
// background-color up the tree, with translucent ones composited over it.
function lowContrast(sel) {
  const parse = (s) => { const m = /rgba?\(([^)]+)\)/.exec(s); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  // backgrounds: the colours behind el — each stop of a gradient on the
  // way up (the text is judged against its worst stop), else the first
  // opaque background-color, with translucent layers composited over it.
  const backgrounds = (el) => {
    const layers = [];
    let stops = null;
    for (let e = el; e; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (/gradient/.test(st.backgroundImage)) {
        stops = (st.backgroundImage.match(/rgba?\([^)]+\)/g) || []).map(parse);
        if (stops.length && stops.every((c) => c.a >= 1)) break;
      }
      const c = parse(st.backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const l of layers.reverse()) bg = over(l, bg);
    return stops && stops.length ? stops.map((c) => over(c, bg)) : [bg];
  };
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('[hidden]') || el.disabled || el.getAttribute('aria-disabled') === 'true') continue;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim() || (el.children.length === 0 ? el.textContent.trim() : '');
    if (!text) continue;
    const cs = getComputedStyle(el);
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    let ratio = Infinity;
    for (const bg of backgrounds(el)) {
      let fg = parse(cs.color);
      fg = over({ ...fg, a: fg.a * opacity }, bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      ratio = Math.min(ratio, (hi + 0.05) / (lo + 0.05));
    }
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) out.push(`${el.id ? '#' + el.id : el.className || el.tagName} "${text.slice(0, 30)}": ${ratio.toFixed(2)} < ${need}`);
  }
  return out;
}

// unnamed lists the visible controls without an accessible name.
function unnamed() {
  const named = (e) => (e.getAttribute('aria-label') || '').trim() || (e.getAttribute('aria-labelledby') && document.getElementById(e.getAttribute('aria-labelledby'))?.textContent.trim()) ||
    (e.labels && [...e.labels].some((l) => l.textContent.trim())) || e.textContent.trim() || (e.getAttribute('title') || '').trim() || e.querySelector('title')?.textContent.trim();
  return [...document.querySelectorAll('button, a[href], select, input, [role="button"], [tabindex="0"]')]
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width && r.height && !e.closest('[hidden]'); })
    .filter((e) => !named(e)).map((e) => e.outerHTML.slice(0, 80));
}

const CONTROLS = '.btn, button, a, select, label, #status-who, #status-what, #log-list li, #log-list li *, .card *, .hand-group h3, .topbar *, .side h3, .dice-ctx, .dice-res, .mine li *, .deck *, .muted';

for (const size of SIZES) {
  test(`contrast and names of the controls (${size.name})`, { timeout: 180000 }, async () => {
    const b = await browser({ width: size.width, height: size.height });
    try {
      const { page } = b;
      await page.goto(srv.url + '/');
      await page.waitForSelector('.scn-list li, #scenarios li, [data-scenario]', { timeout: 20000 }).catch(() => {});
      await page.waitForTimeout(500);
      assert.deepEqual(await page.evaluate(lowContrast, CONTROLS), [], 'lobby: text under AA contrast');
      assert.deepEqual(await page.evaluate(unnamed), [], 'lobby: controls without a name');
      const g = await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'bot:easy' } });
      await page.goto(srv.url + g.body.links.allies);
      await page.waitForSelector('#board svg');
      await waitMine(page);
      if (size.name === 'phone' && await page.getAttribute('#hand-toggle', 'aria-expanded') !== 'true') { await page.click('#hand-toggle'); await page.waitForTimeout(300); }
      // A card selected: its play button shows too.
      const card = await page.$('#hand .card.playable');
      if (card && await card.isVisible()) { await card.click(); await page.waitForTimeout(200); }
      await shot(page, `a11y-${size.name}`);
      assert.deepEqual(await page.evaluate(lowContrast, CONTROLS), [], 'game: text under AA contrast');
      assert.deepEqual(await page.evaluate(unnamed), [], 'game: controls without a name');
      // Named regions and live regions.
      const roles = await page.evaluate(() => ({
        board: document.querySelector('#board svg')?.getAttribute('aria-label'),
        boardRegion: document.querySelector('.board-wrap')?.getAttribute('aria-label'),
        hand: document.querySelector('#hand')?.getAttribute('aria-label'),
        handRole: document.querySelector('#hand')?.getAttribute('role'),
        status: document.querySelector('#status')?.getAttribute('role'),
        statusLive: document.querySelector('#status')?.getAttribute('aria-live'),
        log: document.querySelector('#log-list')?.getAttribute('role'),
        logName: document.querySelector('#log-list')?.getAttribute('aria-label'),
        dice: document.querySelector('#dice')?.getAttribute('aria-label'),
      }));
      assert.ok(roles.board && roles.boardRegion, JSON.stringify(roles));
      assert.equal(roles.handRole, 'region');
      assert.ok(roles.hand, 'the hand is named');
      assert.equal(roles.status, 'status');
      assert.equal(roles.statusLive, 'polite');
      assert.equal(roles.log, 'log');
      assert.ok(roles.logName && roles.dice, JSON.stringify(roles));
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  });
}
