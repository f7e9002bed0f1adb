// Dam sabotage and pontoon bridges in the browser (issue 16).
// Schwammenauel Dam (a corpus file, read from ../shared/scenarios, never
// copied): its two dams carry their star tokens ("0/4"), named on hover.
// Pontoon bridges (Winter Wars IV): with the option pontoon_bridge_rules,
// an Attack card played marks the river hexes of its section; clicking one
// builds the bridge, which the board then draws and names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, browser, shot, api, waitMine, fixtures, snapshotOf } from '../lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dam = path.resolve(here, '../../../../shared/scenarios/1422-SchwammenauelDam.m44');

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

test('dam sabotage: the dams show their star tokens', { skip: !fs.existsSync(dam) && 'no corpus', timeout: 120000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', fs.readFileSync(dam, 'utf8'));
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const g = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed: 3 });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  for (const locale of ['en-US', 'de-DE']) {
    const b = await browser({ locale });
    try {
      const { page } = b;
      await page.goto(srv.url + g.body.links.allies);
      await waitMine(page);
      await page.waitForSelector('g.sabotage');
      const sb = (await snapshotOf(srv.url, page)).view.sabotage;
      assert.equal(sb.length, 2, JSON.stringify(sb));
      assert.ok(sb.every((x) => x.side === 'axis' && x.needed === 4), JSON.stringify(sb));
      assert.equal(await page.$$eval('g.sabotage', (l) => l.length), 2);
      const titles = await page.$$eval('g.sabotage title', (l) => l.map((e) => e.textContent));
      for (const tt of titles) assert.match(tt, locale === 'en-US' ? /Sabotage: \d of 4 star tokens|Sabotaged/ : /Sabotage: \d von 4 Sternmarkern|Sabotiert/);
      await shot(page, `30-dam-sabotage-${locale}`);
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  }
});

function pontoonSkirmish() {
  const m = JSON.parse(fs.readFileSync(path.join(fixtures, 'skirmish.m44'), 'utf8'));
  m.game_info.options = { pontoon_bridge_rules: 'ALLIES' };
  return JSON.stringify(m);
}

test('pontoon bridges: an Attack card marks the rivers of its section; a click builds one', { timeout: 180000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', pontoonSkirmish());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  // A deal with an Attack on the left flank (where the river runs) in the Allied hand.
  let g = null, card = null;
  for (const seed of [13, 17, 19, 20, 35, 36, 39, 1, 2, 3, 4, 5, 6, 7, 8]) {
    const c = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const s = await api(srv.url, 'GET', `/api/games/${c.body.game}?token=${c.body.tokens.allies}`);
    const a = (s.body.view.hand || []).find((x) => x.name === 'attack-left');
    if (a) { g = c.body; card = a; break; }
  }
  assert.ok(g, 'no deal with an Attack on the left flank');
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + g.links.allies);
    await waitMine(page);
    await page.click(`#hand .card[data-card="${card.id}"]`);
    await page.click('#actions .btn.primary[data-action]');
    await page.waitForSelector('path.hit[data-mark="can"][data-hex="4,2"]');
    const status = await page.textContent('#status');
    assert.match(status, /pontoon bridge/);
    await shot(page, '31-pontoon-offered');
    await page.click('path.hit[data-mark="can"][data-hex="4,2"]');
    await page.waitForFunction(() => document.querySelector('#log-list') && /pontoon bridge on/.test(document.querySelector('#log-list').textContent));
    const f = (await snapshotOf(srv.url, page)).view.features.find((x) => x.hex === '4,2');
    assert.equal(f && f.structure, 'pontoon-bridge', JSON.stringify(f));
    await shot(page, '32-pontoon-built');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
