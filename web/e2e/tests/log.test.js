// Issue 18, the log in words: each line names the units it is about by
// nation and type ("British infantry at Ranville battles German armor in
// the forest: 2 dice"), with the place as a chip whose title holds the
// coordinates, in English, French, German and Czech with the verb agreeing;
// the end-of-game summary counts the figures lost by unit type; "Your
// battles" in the lobby says whose turn it is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, api, waitMine, step, seeded } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const NAT = /(American|British|German|Soviet|French|Italian|Japanese|Allied|Axis)/;
const CLASS = /(infantry|armor|artillery)/;

async function playUntil(page, enough, rnd, max = 400) {
  for (let i = 0; i < max; i++) {
    if (await enough()) return true;
    if (await waitMine(page)) return enough();
    await step(page, rnd);
    await page.waitForTimeout(20);
  }
  return enough();
}

test('the log names units and places in words, in four languages', { timeout: 300000 }, async () => {
  const g = await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'bot:easy' } });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  const b = await browser({ width: 1440, height: 900 });
  try {
    const { page } = b;
    await page.goto(srv.url + g.body.links.allies);
    await page.waitForSelector('#board svg');
    const lines = (sel) => page.$$eval(sel, (l) => l.map((e) => e.textContent));
    const ok = await playUntil(page, async () => (await lines('#log-list li.log-battle')).length >= 2 && (await lines('#log-list li.log-move')).some((l) => l.includes('→')), seeded(5));
    assert.ok(ok, 'a battle and a move were logged');
    const battle = (await lines('#log-list li.log-battle'))[0];
    assert.match(battle, new RegExp(`^${NAT.source} ${CLASS.source}.* battles ${NAT.source} ${CLASS.source}.*: \\d+ dic?e$`), battle);
    // A move between two places (one within a place says how far: replaylog.test.js).
    const mi = (await lines('#log-list li.log-move')).findIndex((l) => l.includes('→'));
    const move = (await lines('#log-list li.log-move'))[mi];
    assert.match(move, new RegExp(`^${NAT.source} ${CLASS.source}.* moves: .+ → .+`), move);
    // Places are words; the coordinates are in the chip's title only.
    for (const l of [...await lines('#log-list li.log-battle'), ...await lines('#log-list li.log-move'), ...await lines('#log-list li.log-hits')]) {
      assert.doesNotMatch(l, /\b\d+,\d+\b/, `coordinates in "${l}"`);
    }
    const chip = await page.$eval('#log-list li.log-battle .hexref', (e) => ({ title: e.title, text: e.textContent }));
    assert.match(chip.title, /\d+,\d+/, 'the chip keeps the coordinates');
    // A place's words (en.js "at.*": at, in, on, near, behind the sandbags,
    // among the hedgehogs), whichever the game's first battle took place in.
    assert.match(chip.text, /^(at|in|on|near|behind|among) /, chip.text);
    await page.hover('#log-list li.log-battle .hexref');
    await page.waitForSelector('#board path.hl, #board .hl', { timeout: 5000 });
    await shot(page, 'log-words-en');
    // The same lines in French, German and Czech, the verb agreeing with the unit.
    const want = {
      fr: { battle: /^(L'infanterie|Les blindés|L'artillerie) .* (attaque|attaquent) (l'infanterie|les blindés|l'artillerie) .* : \d+ dés?$/, move: /^(L'infanterie( .*)? se déplace|Les blindés( .*)? se déplacent|L'artillerie( .*)? se déplace) : .+ → .+/ },
      de: { battle: /^Die .*(Infanterie|Panzer|Artillerie) .* (greift|greifen) die .* an: \d+ Würfel$/, move: /^Die .*(Infanterie( .*)? zieht|Panzer( .*)? ziehen|Artillerie( .*)? zieht): .+ → .+/ },
      cs: { battle: /^\S+ (pěchota|obrněnci|artilerie) .* útočí na \S+ (pěchotu|obrněnce|artilerii) .* \(\d+ kost(ka|ky|ek)\)$/, move: /^\S+ (pěchota( .*)? postupuje|obrněnci( .*)? postupují|artilerie( .*)? postupuje): .+ → .+/ },
    };
    for (const [code, re] of Object.entries(want)) {
      await page.selectOption('#lang', code);
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      await page.waitForTimeout(200);
      const bl = (await lines('#log-list li.log-battle'))[0];
      const ml = (await lines('#log-list li.log-move'))[mi];
      assert.match(bl, re.battle, `${code}: ${bl}`);
      assert.match(ml, re.move, `${code}: ${ml}`);
      await shot(page, `log-words-${code}`);
    }
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('the summary counts figures lost by unit type; "Your battles" says whose turn it is', { timeout: 300000 }, async () => {
  const b = await browser({ width: 1024, height: 768 });
  try {
    const { page } = b;
    // A game through the lobby's memory: this browser holds the Allies.
    const g = await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'bot:easy' } });
    assert.equal(g.status, 201);
    await page.goto(srv.url + g.body.links.allies);
    await page.waitForSelector('#board svg');
    await waitMine(page);
    await page.goto(srv.url + '/');
    await page.waitForSelector('#mine li .badge');
    assert.equal(await page.textContent('#mine li .badge'), 'your turn');
    assert.ok(await page.$('#mine li .badge.yours'));
    await shot(page, 'lobby-your-battles');
    // Play on to the end: the summary has a row per unit type that lost figures.
    await page.goto(srv.url + g.body.links.allies);
    await page.waitForSelector('#board svg');
    const rnd = seeded(9);
    let over = false;
    for (let i = 0; i < 3000 && !over; i++) {
      over = await waitMine(page, 120000);
      if (!over) { await step(page, rnd); await page.waitForTimeout(10); }
    }
    assert.ok(over, 'the game ended');
    await page.waitForSelector('.dialog.over tr.sum-class');
    const rows = await page.$$eval('.dialog.over tr.sum-class', (l) => l.map((r) => ({ cls: r.dataset.class, cells: [...r.querySelectorAll('td')].map((c) => (c.firstChild ? c.firstChild.textContent : '')) })));
    assert.ok(rows.length >= 1, JSON.stringify(rows));
    const total = await page.$$eval('.dialog.over tbody tr', (l) => l.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
    // The figures by type add up to the figures lost.
    const figRow = total[2].map(Number);
    for (const k of [0, 1]) {
      const sum = rows.reduce((a, r) => a + Number(/^\d+/.exec(r.cells[k])[0]), 0);
      assert.equal(sum, figRow[k], `side ${k}: ${JSON.stringify(rows)} vs ${figRow[k]}`);
    }
    await shot(page, 'summary-by-type');
    await page.goto(srv.url + '/');
    await page.waitForSelector('#mine li .badge');
    assert.match(await page.textContent('#mine li .badge'), /^(Won|Lost)$/);
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('the lobby\'s preview and the front, board and countries are in the player\'s language', { timeout: 120000 }, async () => {
  for (const [locale, front, country] of [['fr-FR', /Front de l'Ouest/, /Grande-Bretagne|Allemagne/], ['de-DE', /Westfront/, /Großbritannien|Deutschland/], ['cs-CZ', /Západní fronta/, /Velká Británie|Německo/]]) {
    const b = await browser({ width: 1440, height: 900, locale });
    try {
      const { page } = b;
      await page.goto(srv.url + '/');
      await page.click('.scn-item[data-id="pegasus-bridge"]');
      await page.waitForSelector('#scn-detail .preview svg');
      const sub = await page.textContent('#scn-detail .scn-sub');
      assert.match(sub, front, sub);
      assert.match(await page.textContent('#scn-detail .scn-table'), country);
      const svgText = await page.$eval('#scn-detail .preview svg', (s) => [...s.querySelectorAll('text')].map((x) => x.textContent).join(' | '));
      assert.doesNotMatch(svgText, /Legend|medals to win|command cards|figures\)/, svgText);
      await shot(page, `lobby-preview-${locale}`);
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  }
});
