// Scenario actions the card is used for instead of ordering, in the browser:
// blowing up a bridge (FAQ III "Faire sauter un pont"), then drawn as its two
// stubs, and calling paratroopers in during play (Drop in the Night: 82nd's
// daylight drop, rules.CalledAirdrop), offered as one button per number of
// units. fixtures/drop-and-blow.m44 is a made-up board: a blowable bridge,
// Allied infantry facing German armor, and a drop the Allies may call in
// once they have lost a unit's worth of figures. Both seats are driven
// through the API until the Allies may drop; the page then offers it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, browser, shot, api, fixtures, seeded } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const board = () => fs.readFileSync(path.join(fixtures, 'drop-and-blow.m44'), 'utf8');

// drive plays both seats through the API, the Axis battling whenever it
// can, until stop(snapshot) says so; it returns that snapshot, or null if
// the game ended first.
async function drive(game, tokens, rnd, stop) {
  for (let n = 0; n < 3000; n++) {
    const s0 = (await api(srv.url, 'GET', `/api/games/${game}`)).body;
    if (s0.over) return null;
    const side = s0.to_act_side || s0.to_act;
    const s = (await api(srv.url, 'GET', `/api/games/${game}?token=${tokens[side]}`)).body;
    if (s.over) return null;
    if (stop(s, side)) return s;
    const legal = (s.legal || []).filter((l) => l.kind !== 'drop');
    if (!legal.length) continue;
    const blow = legal.filter((l) => l.kind === 'blow');
    const battles = legal.filter((l) => l.kind === 'battle');
    const orders = legal.filter((l) => l.kind === 'order');
    let a;
    if (blow.length) a = blow[0];
    else if (side === 'axis' && battles.length) a = battles[Math.floor(rnd() * battles.length)];
    else if (side === 'axis' && orders.length) a = orders[0];
    else if (side === 'allies' && orders.length && rnd() < 0.5) a = orders[0];
    else {
      const calm = legal.filter((l) => !(side === 'allies' && l.kind === 'battle'));
      a = (calm.length ? calm : legal)[Math.floor(rnd() * (calm.length ? calm : legal).length)];
    }
    const r = await api(srv.url, 'POST', `/api/games/${game}/actions`, { token: tokens[side], action: a.action, version: s.version });
    assert.ok(r.status === 200 || r.status === 409, `${a.action}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return null;
}

test('a blown bridge is drawn as its stubs; the daylight drop is offered and lands', { timeout: 300000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', board());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  let found = null;
  for (let seed = 1; seed <= 12 && !found; seed++) {
    const c = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'human' }, seed });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const blown = (s) => (s.view.features || []).some((f) => f.blown);
    const s = await drive(c.body.game, c.body.tokens, seeded(seed), (snap, side) => side === 'allies' && blown(snap) && (snap.legal || []).some((l) => l.kind === 'drop'));
    if (s) found = { link: srv.url + c.body.links.allies, snap: s };
  }
  assert.ok(found, 'no game reached a blown bridge and a drop to call');
  const drops = found.snap.legal.filter((l) => l.kind === 'drop');
  for (const d of drops) assert.ok(d.from && d.units >= 1, JSON.stringify(d));
  const b = await browser({ width: 1440, height: 900 });
  try {
    const { page } = b;
    await page.goto(found.link);
    await page.waitForSelector('#board svg');
    assert.ok(await page.$('path.blown-bridge'), 'the blown bridge is drawn as its stubs');
    // The briefing states the drop.
    await page.click('#brief-btn');
    await page.waitForSelector('.brief-facts li[data-fact="called-airdrop.any"]');
    assert.match(await page.textContent('.brief-facts li[data-fact="called-airdrop.any"]'), /Allies: a section card may drop up to 3 paratrooper units/);
    await page.keyboard.press('Escape');
    const best = drops[drops.length - 1];
    const sel = `#actions .btn[data-action="${best.action}"]`;
    await page.waitForSelector(sel);
    const label = await page.textContent(sel);
    assert.match(label, new RegExp(`Drop ${best.units} paratrooper units? over`));
    assert.equal((await page.$$('#actions .btn[data-action^="drop "]')).length, drops.length, 'one button per number of units');
    await shot(page, 'drop-offered');
    await page.click(sel);
    await page.waitForFunction(() => [...document.querySelectorAll('#log-list li')].some((e) => /paratroopers (land|are lost|lost)/i.test(e.textContent)));
    await shot(page, 'drop-landed');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
