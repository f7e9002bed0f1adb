// The Terrain Pack pieces of issue 16 in the browser: a made-up desert board
// (fixtures/wadi-oasis.m44) draws its wadi as a bed between banks, its
// cemetery, fortress, lighthouse, high ground and the oasis where units
// recover, and its big guns and supply trucks; the hover text names and
// explains each, in English and in French.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, browser, shot, api, fixtures } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const board = () => fs.readFileSync(path.join(fixtures, 'wadi-oasis.m44'), 'utf8');
const titleOf = (page, h) => page.$eval(`path.hit[data-hex="${h}"] title`, (e) => e.textContent);

async function newGame() {
  const up = await api(srv.url, 'POST', '/api/scenarios', board());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const c = await api(srv.url, 'POST', '/api/games', { scenario: up.body.id, seats: { allies: 'human', axis: 'bot:random' }, seed: 5 });
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const cat = await api(srv.url, 'GET', `/api/games/${c.body.game}/catalog`);
  assert.deepEqual(cat.body.rulesets, ['base', 'terrain-pack', 'special-troops']);
  return srv.url + c.body.links.allies;
}

for (const { locale, wadi, oasis, gun, trucks, fortress } of [
  { locale: 'en-US', wadi: /^Wadi \(the banks are impassable/, oasis: /Oasis recovery \(an ordered unit here/, gun: /Big gun \(Artillery: moves 1 or battles at 3-3-2-2-1-1-1-1/, trucks: /Supply trucks \(Infantry: hit as infantry/, fortress: /^Fortress \(for either side/ },
  { locale: 'fr-FR', wadi: /^Oued \(les berges sont infranchissables/, oasis: /Soins dans l’oasis \(une unité activée ici/, gun: /Artillerie lourde \(Artillerie: se déplace de 1/, trucks: /Camions de transport \(Infanterie/, fortress: /^Forteresse \(pour les deux camps/ },
]) {
  test(`desert pieces are drawn and explained (${locale})`, async () => {
    const link = await newGame();
    const b = await browser({ locale });
    try {
      const { page } = b;
      await page.goto(link);
      await page.waitForSelector('path.wadi', { state: 'attached' });
      assert.match(await titleOf(page, '4,12'), wadi);
      assert.match(await titleOf(page, '4,6'), oasis);
      assert.match(await titleOf(page, '8,12'), gun);
      assert.match(await titleOf(page, '7,15'), trucks);
      assert.match(await titleOf(page, '2,6'), fortress);
      assert.ok(await page.$('text.row-label'), 'the lighthouse and fortress, drawn as towns, are labelled');
      await shot(page, `desert-${locale}`);
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  });
}
