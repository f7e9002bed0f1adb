// Smoke screens in the browser (FAQ III "Écran de fumée"; rules/smokescreen.go).
// With the option smoke_screen {side: ALLIES}, the Allies' first turn offers
// "Lay a smoke screen first": the player then picks three connected hexes
// one by one among the marked ones, and lays the screen, which the board
// draws as grey puffs and the log names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, browser, shot, api, waitMine, fixtures, snapshotOf } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

function smokySkirmish() {
  const m = JSON.parse(fs.readFileSync(path.join(fixtures, 'skirmish.m44'), 'utf8'));
  m.game_info.options = { smoke_screen: { side: 'ALLIES' } };
  return JSON.stringify(m);
}

test('smoke screen: picked hex by hex, laid, drawn and logged', { timeout: 180000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', smokySkirmish());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const g = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed: 3 });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + g.body.links.allies);
    await waitMine(page);
    const btn = '#actions .btn:has-text("Lay a smoke screen first")';
    await page.waitForSelector(btn);
    await page.click(btn);
    for (const h of ['4,10', '4,12', '3,11']) {
      await page.waitForSelector(`path.hit[data-mark="can"][data-hex="${h}"]`);
      await page.click(`path.hit[data-mark="can"][data-hex="${h}"]`);
    }
    assert.match(await page.textContent('#status'), /3\/3/);
    await shot(page, '33-smoke-picked');
    await page.click('#actions .btn.primary[data-action^="smoke "]');
    await page.waitForFunction(() => document.querySelectorAll('g.smoke-screen').length === 3);
    await page.waitForFunction(() => document.querySelector('#log-list') && /smoke screen on/.test(document.querySelector('#log-list').textContent));
    const v = (await snapshotOf(srv.url, page)).view;
    assert.deepEqual(v.smoke, { allies: 2, axis: 0 });
    const smoky = v.features.filter((f) => (f.markers || []).includes('smoke-screen')).map((f) => f.hex).sort();
    assert.deepEqual(smoky, ['3,11', '4,10', '4,12']);
    await shot(page, '34-smoke-laid');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

function breakthroughSkirmish() {
  const m = JSON.parse(fs.readFileSync(path.join(fixtures, 'skirmish.m44'), 'utf8'));
  m.game_info.options = { armor_breakthrough_rules: { ALLIES: { name: 'tankus', nbr_units: 2 } } };
  return JSON.stringify(m);
}

// Armor breakthrough (armor_breakthrough_rules; rules/armor_breakthrough.go):
// a Probe on the left flank marks the Axis baseline hexes of that flank; a
// click brings the armor in there.
test('armor breakthrough: the enemy baseline is marked; a click brings the armor in', { timeout: 180000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', breakthroughSkirmish());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const g = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed: 3 });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  const s = await api(srv.url, 'GET', `/api/games/${g.body.game}?token=${g.body.tokens.allies}`);
  const card = (s.body.view.hand || []).find((x) => x.name === 'probe-left');
  assert.ok(card, 'no Probe on the left flank in the deal');
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + g.body.links.allies);
    await waitMine(page);
    await page.click(`#hand .card[data-card="${card.id}"]`);
    await page.click('#actions .btn.primary[data-action]');
    await page.waitForSelector('path.hit[data-mark="dest"][data-hex="0,2"]');
    assert.match(await page.textContent('#status'), /armor breakthrough/);
    await shot(page, '35-breakthrough-offered');
    await page.click('path.hit[data-mark="dest"][data-hex="0,2"]');
    await page.waitForFunction(() => document.querySelector('#log-list') && /armor breaks through on/.test(document.querySelector('#log-list').textContent));
    const v = (await snapshotOf(srv.url, page)).view;
    const u = v.units.find((x) => x.hex === '0,2');
    assert.ok(u && u.side === 'allies' && u.type === 'armor' && u.ordered, JSON.stringify(u));
    assert.deepEqual(v.breakthrough, { allies: 1, axis: 0 });
    await shot(page, '36-breakthrough-entered');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
