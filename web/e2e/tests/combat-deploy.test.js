// A Winter Combat card that deploys a unit (effect "deploy", decided in
// docs/rules-decisions.md "Combat cards that deploy a unit"): once a full
// infantry unit's figures are lost, the Combat hand offers one "Deploy on"
// button per hex the engine allows (the side's baseline), and the click
// brings the unit in. The card is written for the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, browser, shot, api, waitMine, fixtures, step, seeded } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

function deploySkirmish() {
  const m = JSON.parse(fs.readFileSync(path.join(fixtures, 'skirmish.m44'), 'utf8'));
  m.game_info.options = {
    winter_combat_cards: [
      { key: 'e2e-new-men', name: 'E2E New men', text: 'A card written for the test.', timing: 'before-ordering', effect: 'deploy', n: 1, classes: ['infantry'], copies: 8 },
    ],
  };
  return JSON.stringify(m);
}

test('Winter Combat cards: a card that deploys a unit lets the player choose the hex', { timeout: 600000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', deploySkirmish());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const g = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:easy' }, seed: 3 });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  const b = await browser({ width: 1366, height: 768 });
  try {
    const { page } = b;
    await page.goto(srv.url + g.body.links.allies);
    const rnd = seeded(11);
    let deployed = false;
    for (let n = 0; n < 600 && !deployed; n++) {
      if (await waitMine(page, 120000)) break; // game over
      const buttons = await page.$$eval('#combat-hand button.combat-play', (l) => l.map((e) => [e.dataset.action, e.title]));
      const dep = buttons.filter(([, title]) => /^Deploy on /.test(title));
      if (dep.length) {
        // Every offered hex is on the Allied baseline (row 8), one button each.
        for (const [action] of dep) assert.match(action, /^combat \d+ 8,\d+$/);
        await shot(page, '22-combat-deploy-offered');
        // The hex buttons wrap inside their card on a phone and a tablet too.
        for (const [w, h, name] of [[390, 844, 'phone'], [820, 1180, 'tablet']]) {
          await page.setViewportSize({ width: w, height: h });
          await page.locator('#combat-hand .combat-hexes').first().scrollIntoViewIfNeeded();
          await shot(page, `22-combat-deploy-offered-${name}`);
          const out = await page.$$eval('#combat-hand .combat-hex', (l) => l.filter((b) => {
            const c = b.closest('.combat-card').getBoundingClientRect(), r = b.getBoundingClientRect();
            return r.right > c.right + 1 || r.left < c.left - 1;
          }).length);
          assert.equal(out, 0, `${name}: hex buttons outside their card`);
          console.log(name, 'page overflow', await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
        }
        await page.setViewportSize({ width: 1366, height: 768 });
        const [action] = dep[Math.floor(dep.length / 2)];
        await page.click(`#combat-hand button.combat-play[data-action="${action}"]`);
        await page.waitForFunction(() => [...document.querySelectorAll('#log-list li.log-deployed')].some((li) => /deploy/.test(li.textContent)), null, { timeout: 20000 });
        const line = await page.textContent('#log-list li.log-deployed');
        assert.match(line, /Allies deploy/, line);
        await shot(page, '23-combat-deployed');
        await page.setViewportSize({ width: 820, height: 1180 });
        console.log('tablet page overflow after the deployment (one Combat card, no hex buttons)', await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
        deployed = true;
        break;
      }
      await step(page, rnd);
    }
    assert.ok(deployed, 'no deployment was offered in the game');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
