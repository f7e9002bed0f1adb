// The Terrain Pack's and Winter Wars' terrain (rules/terrainpack_terrain.go,
// winter_terrain.go) in the browser: a made-up winter board
// (fixtures/snowy-crossroads.m44) draws its snowy road and railway as bands,
// its marshes, ravine, forested hill, hill village and factory with their
// pictures, and names and explains each in the hover text, in French too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, browser, shot, api, fixtures } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const board = () => fs.readFileSync(path.join(fixtures, 'snowy-crossroads.m44'), 'utf8');
const titleOf = (page, h) => page.$eval(`path.hit[data-hex="${h}"] title`, (e) => e.textContent);

async function newGame() {
  const up = await api(srv.url, 'POST', '/api/scenarios', board());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const c = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:random' }, seed: 3 });
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const cat = await api(srv.url, 'GET', `/api/games/${c.body.game}/catalog`);
  assert.deepEqual(cat.body.rulesets, ['base', 'terrain-pack', 'winter-terrain']);
  return srv.url + c.body.links.allies;
}

for (const { locale, road, marsh } of [
  { locale: 'en-US', road: /^Snowy road \(a unit that starts on a road and stays on it moves 1 hex more/, marsh: /^Marshes \(entering stops the move/ },
  { locale: 'fr-FR', road: /^Route enneigée \(une unité qui part d'une route et y reste peut se déplacer d'un hex supplémentaire/, marsh: /^Marécages \(une unité y entrant doit s'arrêter/ },
]) {
  test(`snowy terrain is drawn and explained (${locale})`, async () => {
    const link = await newGame();
    const b = await browser({ locale });
    try {
      const { page } = b;
      await page.goto(link);
      await page.waitForSelector('path.road', { state: 'attached' });
      assert.ok(await page.$('path.rail'), 'the railway is drawn');
      assert.match(await titleOf(page, '4,2'), road);
      assert.match(await titleOf(page, '5,17'), marsh);
      assert.ok((await page.$$('text.row-label')).length >= 4, 'rows sharing a picture are labelled');
      // No row of these rulesets falls back to the unknown-row tile.
      assert.equal((await page.$$('g.catalog-ground')).length, 0);
      await shot(page, `terrain-${locale}`);
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  });
}
