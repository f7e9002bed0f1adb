// Winter Wars III minefields and V troops in the browser: Ponyri (a corpus
// file, read from ../shared/scenarios, never copied) is uploaded and played
// against the computer; its minefields are drawn face down to the player
// ("?"), the page's payload has no token value, and the hover names them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, browser, shot, api, waitMine, snapshotOf } from '../lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ponyri = path.resolve(here, '../../../../shared/scenarios/1365-Ponyri.m44');

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

test('minefields are face-down tokens to the player, named on hover', { skip: !fs.existsSync(ponyri) && 'no corpus' }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', fs.readFileSync(ponyri, 'utf8'));
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const c = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed: 5 });
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const s = await api(srv.url, 'GET', `/api/games/${c.body.game}?token=${c.body.tokens.allies}`);
  const mf = s.body.view.minefields;
  assert.equal(mf.length, 5);
  assert.ok(mf.every((m) => m.side === 'allies' && !m.revealed && !('value' in m)), JSON.stringify(mf));
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + c.body.links.allies);
    await waitMine(page); // the Axis bot moves first and may have entered one
    await page.waitForSelector('g.minefield');
    const now = (await snapshotOf(srv.url, page)).view.minefields || [];
    const down = now.filter((m) => !m.revealed);
    assert.ok(now.every((m) => !!m.revealed === ('value' in m)), JSON.stringify(now));
    assert.equal(await page.$$eval('g.minefield.face-down', (l) => l.length), down.length);
    assert.equal(await page.$$eval('g.minefield.face-down text', (l) => l.filter((e) => e.textContent !== '?').length), 0);
    const revealedText = await page.$$eval('g.minefield.revealed text', (l) => l.map((e) => e.textContent).sort());
    assert.deepEqual(revealedText, now.filter((m) => m.revealed).map((m) => String(m.value)).sort());
    const h = down[0].hex;
    const title = await page.$eval(`path.hit[data-hex="${h}"] title`, (e) => e.textContent);
    assert.match(title, /Minefield \(token face down until an enemy unit enters/);
    await shot(page, 'winter-minefields');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
