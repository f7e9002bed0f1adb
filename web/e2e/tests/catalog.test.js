// Rows the client has never heard of: a game whose scenario plays with a
// made-up ruleset (a "swamp" ground, a "roadblock" obstacle, "sappers"
// and a "sabotage" card; web/catalog_test.go) is drawn and explained from
// the game's catalog (GET /api/games/{id}/catalog).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startGoTestServer, browser, shot, api } from '../lib.js';

let srv;
before(async () => { srv = await startGoTestServer(); });
after(async () => { if (srv) await srv.stop(); });

// newGame creates a game against the computer whose Allied hand holds a
// sabotage card, and returns the Allied player's link.
async function newGame() {
  for (let seed = 1; seed < 40; seed++) {
    const c = await api(srv.url, 'POST', '/api/games', { scenario: srv.scenario, seats: { allies: 'human', axis: 'bot:random' }, seed });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const s = await api(srv.url, 'GET', `/api/games/${c.body.game}?token=${c.body.tokens.allies}`);
    if (s.body.view.hand.some((h) => h.name === 'sabotage')) return { game: c.body.game, link: srv.url + c.body.links.allies };
  }
  throw new Error('no seed deals a sabotage card');
}

const titleOf = (page, h) => page.$eval(`path.hit[data-hex="${h}"] title`, (e) => e.textContent);

test('the catalog endpoints serve the made-up rows', async () => {
  const base = await api(srv.url, 'GET', '/api/catalog');
  assert.equal(base.status, 200);
  assert.deepEqual(base.body.rulesets, ['base']);
  assert.ok(!base.body.grounds.some((g) => g.key === 'swamp'));
  const { game } = await newGame();
  const cat = await api(srv.url, 'GET', `/api/games/${game}/catalog`);
  assert.deepEqual(cat.body.rulesets, ['base', 'test-swamps']);
  const swamp = cat.body.grounds.find((g) => g.key === 'swamp');
  assert.equal(swamp.summary, 'entering forbids battle; -1 die against units in it');
  assert.equal(swamp.water, true);
});

for (const size of [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`unknown rows are drawn as labelled tiles and explained by their summaries (${size.name})`, async () => {
    const { link } = await newGame();
    const b = await browser({ width: size.width, height: size.height });
    try {
      const { page } = b;
      await page.goto(link);
      await page.waitForSelector('g.catalog-ground[data-key="swamp"]');
      // A tile per swamp hex, named; the base game's terrain keeps its pictures.
      assert.equal(await page.$$eval('g.catalog-ground', (l) => l.length), 3);
      assert.deepEqual(await page.$$eval('g.catalog-ground .catalog-label', (l) => [...new Set(l.map((e) => e.textContent))]), ['Swamp']);
      assert.equal(await page.$$eval('g.catalog-feature[data-key="roadblock"] .catalog-label', (l) => l.map((e) => e.textContent).join()), 'Roadblock');
      // The hover text names the rows and gives their summaries.
      assert.equal(await titleOf(page, '4,16'), 'Swamp (entering forbids battle; -1 die against units in it) [4,16]');
      assert.equal(await titleOf(page, '4,12'), 'Roadblock (impassable to armor and artillery) [4,12]');
      assert.match(await titleOf(page, '5,13'), /^Allies — Sappers \(Infantry: infantry that clears obstacles \(made up\)\), 4 of 4 figures/);
      assert.equal(await titleOf(page, '4,6'), 'Forest [4,6]');
      // The made-up card: its name and its summary as its effect.
      await page.waitForSelector('#hand .card.tactic .card-title:text("Sabotage")');
      const fx = await page.$eval('#hand .card:has(.card-title:text("Sabotage")) .card-fx', (e) => e.textContent);
      assert.equal(fx, 'Order up to 2 units; +1 die in battle.');
      // The board scrolls on a phone: bring the swamps into view.
      await page.$eval('g.catalog-ground[data-key="swamp"]', (e) => e.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      await shot(page, `catalog-${size.name}`);
      assert.deepEqual(b.errors, []);
    } finally { await b.close(); }
  });
}

test('in French, known rows keep their translations and unknown ones fall back', async () => {
  const { link } = await newGame();
  const b = await browser({ locale: 'fr-FR' });
  try {
    const { page } = b;
    await page.goto(link);
    await page.waitForSelector('g.catalog-ground[data-key="swamp"]');
    assert.equal(await titleOf(page, '4,6'), 'Forêt [4,6]');
    assert.equal(await titleOf(page, '4,16'), 'Swamp (entering forbids battle; -1 die against units in it) [4,16]');
    assert.equal(await page.$eval('#hand .card:has(.card-title:text("Sabotage")) .card-fx', (e) => e.textContent), 'Order up to 2 units; +1 die in battle.');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
