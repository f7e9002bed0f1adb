// Issue 18 "How we will know": the four main screens — the lobby, a game in
// the middle of a battle, the replay, the end-of-game summary — at
// 1440×900, 1024×768 and 390×844, in English and German (the longest
// words), never scroll sideways; the screenshots (artifacts/sweep-*) are
// looked at by a person.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, api } from '../lib.js';

let srv;
before(async () => { srv = await startServer({ botDelay: '1ms' }); });
after(async () => { if (srv) await srv.stop(); });

// play makes the seats of tokens play random legal actions through the API
// until the game is over or n actions are made.
async function play(game, tokens, n, seed = 7) {
  let s = seed >>> 0;
  const rnd = () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
  for (let i = 0, guard = 0; i < n && guard < 20000; guard++) {
    const pub = (await api(srv.url, 'GET', `/api/games/${game}`)).body;
    if (pub.over) return;
    const tok = tokens[pub.to_act];
    if (!tok) { await new Promise((r) => setTimeout(r, 20)); continue; }
    const me = (await api(srv.url, 'GET', `/api/games/${game}?token=${tok}`)).body;
    if (!me.your_turn || !me.legal || !me.legal.length) continue;
    const a = me.legal[Math.floor(rnd() * me.legal.length)].action;
    const r = await api(srv.url, 'POST', `/api/games/${game}/actions`, { token: tok, action: a, version: me.version });
    if (r.status === 200) i++;
  }
}

const SIZES = [{ w: 1440, h: 900 }, { w: 1024, h: 768 }, { w: 390, h: 844 }];

test('lobby, game, replay and summary at three sizes in two languages: no sideways scroll', { timeout: 600000 }, async () => {
  // A game in the middle of its battles, and a finished one, both seen by
  // the Allies' player.
  const mid = (await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'bot:easy' }, seed: 3 })).body;
  await play(mid.game, { allies: mid.tokens.allies }, 40);
  const done = (await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'human' }, seed: 4 })).body;
  await play(done.game, done.tokens, 5000);
  assert.ok((await api(srv.url, 'GET', `/api/games/${done.game}`)).body.over, 'the second game is over');
  const steps = (await api(srv.url, 'GET', `/api/games/${mid.game}/replay`)).body.steps;
  const bad = [];
  for (const lang of ['en', 'de']) {
    for (const { w, h } of SIZES) {
      const b = await browser({ width: w, height: h, locale: lang === 'de' ? 'de-DE' : 'en-US' });
      try {
        const { page } = b;
        const screens = {
          lobby: [srv.url + '/?scenario=pegasus-bridge', 'details.legend'],
          game: [`${srv.url}/play/${mid.game}#${mid.tokens.allies}`, '#log-list li.log-battle'],
          replay: [`${srv.url}/play/${mid.game}?replay=${Math.floor(steps / 2)}`, '#log-list li'],
          summary: [`${srv.url}/play/${done.game}#${done.tokens.allies}`, '.dialog.over'],
        };
        for (const [name, [url, sel]] of Object.entries(screens)) {
          await page.goto(url);
          await page.waitForSelector(sel, { timeout: 30000 });
          await page.waitForTimeout(700);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > w) bad.push(`${name} ${lang} ${w}: ${wide} px wide`);
          await shot(page, `sweep-${name}-${lang}-${w}`);
        }
        assert.deepEqual(b.errors, []);
      } finally { await b.close(); }
    }
  }
  assert.deepEqual(bad, [], 'no sideways scroll');
});
