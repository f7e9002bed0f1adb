// Live updates over the WebSocket (issue 14): a whole update, then deltas
// the page applies (docs/web-api.md "Update and delta").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, api, sleep } from '../lib.js';
import { applyDelta } from '../../static/js/api.js';

test('applyDelta: fields replaced, the view merged, fields removed, the log extended; the old snapshot unchanged', () => {
  const log = Array.from({ length: 250 }, (_, i) => ({ n: i + 1 }));
  const prev = { version: 250, your_turn: true, legal: [{ action: 'x' }], scenario: { id: 's' }, view: { turn: 3, units: [1], choice: [2], features: [3] }, log };
  const d = { type: 'delta', version: 252, base: 250, events: [{ n: 251 }, { n: 252 }], set: { version: 252, your_turn: false, view: { units: [4] } }, unset: ['legal', 'view.choice'] };
  const s = applyDelta(prev, d);
  assert.deepEqual(s, { version: 252, your_turn: false, scenario: { id: 's' }, view: { turn: 3, units: [4], features: [3] }, log: [...log.slice(2), { n: 251 }, { n: 252 }] });
  assert.equal(s.scenario, prev.scenario, 'unchanged fields are kept as they are');
  assert.deepEqual(prev.view, { turn: 3, units: [1], choice: [2], features: [3] }, 'the old view is not changed');
  assert.equal(prev.log.length, 250);
  assert.ok(prev.legal);
  // No events: the log stays; a seat's presence changed.
  const p = applyDelta(s, { type: 'delta', version: 252, base: 252, events: [], set: { seats: [] } });
  assert.equal(p.log, s.log);
  assert.deepEqual(p.seats, []);
  // Not from this snapshot, or none: null (the client asks for a whole update).
  assert.equal(applyDelta(s, { ...d, base: 251 }), null);
  assert.equal(applyDelta(null, d), null);
});

// A spectator's page follows a game of two bots to its end over the
// socket's deltas: the snapshot it shows last is the server's, field for
// field, and its log the server's tail.
test('a spectator follows a bot game over deltas to the same snapshot as the server\'s', { timeout: 300000 }, async () => {
  const srv = await startServer({ botDelay: '40ms' });
  const b = await browser();
  try {
    const scns = (await api(srv.url, 'GET', '/api/scenarios')).body;
    const g = await api(srv.url, 'POST', '/api/games', { scenario: scns[0].id, seats: { allies: 'bot:easy', axis: 'bot:easy' } });
    assert.equal(g.status, 201);
    const id = g.body.game;
    const frames = { update: 0, delta: 0, deltaBytes: 0, updateBytes: 0 };
    b.page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      let m;
      try { m = JSON.parse(f.payload); } catch { return; }
      if (m.type === 'delta' || m.type === 'update') {
        frames[m.type]++;
        frames[m.type + 'Bytes'] += f.payload.length;
      }
    }));
    await b.page.addInitScript(() => {
      window.addEventListener('m44:snapshot', (e) => { window.__last = e.detail; });
    });
    await b.page.goto(`${srv.url}/play/${id}`);
    let final = null;
    for (let i = 0; i < 1200 && !final; i++) {
      const s = (await api(srv.url, 'GET', `/api/games/${id}`)).body;
      if (s.over) final = s;
      else await sleep(200);
    }
    assert.ok(final, 'the bots did not finish');
    await b.page.waitForFunction((v) => window.__last && window.__last.version === v, final.version, { timeout: 60000 });
    const shown = await b.page.evaluate(() => window.__last);
    assert.ok(frames.delta > 20, `only ${frames.delta} deltas`);
    // A delta is a fraction of the whole update it stands for: the game's
    // last snapshot, as a whole update would carry it. (The socket's own
    // whole update came at connection, early in the game with a short log,
    // so its size says little about what a delta saves.)
    assert.ok(frames.update >= 1, 'no whole update on connection');
    const whole = JSON.stringify(final).length;
    assert.ok(frames.deltaBytes / frames.delta < whole / 3, `deltas of ${frames.deltaBytes / frames.delta} bytes, a whole update ${whole}`);
    const strip = (s) => { const c = { ...s }; delete c.log; return c; };
    assert.deepEqual(strip(shown), strip(final));
    assert.deepEqual(shown.log, final.log);
    assert.equal(shown.spectator, true);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await srv.stop();
  }
});
