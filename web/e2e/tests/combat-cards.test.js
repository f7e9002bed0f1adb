// Winter Wars II "Cartes Combat d'Hiver" in the browser: the Combat cards
// are a second hand with their timing, played by the engine's legal
// actions; the panel says the real texts are not shipped. The cards here
// are written for the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, browser, shot, api, waitMine, fixtures } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

function winterSkirmish() {
  const m = JSON.parse(fs.readFileSync(path.join(fixtures, 'skirmish.m44'), 'utf8'));
  m.game_info.options = {
    snowfall_rules: true,
    reduced_visibility_rules: true,
    winter_combat_cards: [
      { key: 'e2e-fire', name: 'E2E Fire', text: 'A card written for the test.', timing: 'before-ordering', effect: 'bonus-dice', n: 1, tenacity: true, copies: 6 },
      { key: 'e2e-cover', name: 'E2E Cover', timing: 'in-reaction', effect: 'attack-malus', n: 1, copies: 2 },
    ],
  };
  return JSON.stringify(m);
}

test('Winter Combat cards: a second hand with its timing, played from the page', { timeout: 180000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', winterSkirmish());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const g = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed: 5 });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  for (const locale of ['en-US', 'fr-FR']) {
    const b = await browser({ locale });
    try {
      const { page } = b;
      await page.goto(srv.url + g.body.links.allies);
      await waitMine(page);
      await page.waitForSelector('#combat-hand .combat-card');
      assert.equal(await page.$$eval('#combat-hand .combat-card', (l) => l.length), locale === 'en-US' ? 2 : 1, 'two Combat cards dealt, one played');
      const title = await page.getAttribute('#combat-hand h3', 'title');
      assert.match(title, locale === 'en-US' ? /not shipped/ : /ne sont pas fournis/);
      const timing = await page.textContent('#combat-hand .combat-timing');
      assert.match(timing, locale === 'en-US' ? /Before ordering|In reaction/ : /avant d'activer|en réaction/);
      await shot(page, `20-combat-hand-${locale}`);
      if (locale === 'en-US') {
        // Play a before-ordering card: it goes to the public discards.
        await page.waitForSelector('#combat-hand button.combat-play');
        await page.click('#combat-hand button.combat-play');
        await page.waitForFunction(() => document.querySelectorAll('#combat-hand .combat-card').length === 1);
        await page.waitForSelector('#combat-hand .combat-meta');
        await shot(page, '21-combat-played');
      }
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  }
});
