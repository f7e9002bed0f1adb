// Issue 18, the replay's log: the replay page (?replay=N) writes its log
// with the game page's renderer (js/logwords.js): the same lines, in words
// with place chips, in the four languages, never the engine's action text;
// a move whose two ends read the same place says how far it went instead
// of "in the open → in the open".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, api, finishedBotGame } from '../lib.js';

let srv;
before(async () => { srv = await startServer({ botDelay: '1ms' }); });
after(async () => { if (srv) await srv.stop(); });

const lines = (page) => page.$$eval('#log-list li', (l) => l.map((e) => e.textContent));
// journeys lists the log's moves, retreats and ground taken as the texts of
// their place chips.
const journeys = (page) => page.$$eval('#log-list li.log-move, #log-list li.log-retreat, #log-list li.log-take-ground',
  (l) => l.map((e) => ({ text: e.textContent, chips: [...e.querySelectorAll('.hexref')].map((c) => c.textContent) })));

const WITHIN = {
  en: /(moves|retreats) \d+ hex(es)? |takes ground /,
  fr: /(se déplacen?t?|recule(nt)?) de \d+ hexagones? |prise de terrain /,
  de: /(zieht|ziehen) (sich )?\d+ Feld(er)? |Boden /,
  cs: /(postupuje|postupují|ustupuje|ustupují) o \d+ pol[eí] |obsazuj[eí] pozici /,
};

test('the replay\'s log is the game page\'s log in words, in four languages', { timeout: 300000 }, async () => {
  const id = await finishedBotGame(srv.url, 'pegasus-bridge', 900);
  const b = await browser({ width: 1440, height: 900 });
  try {
    const { page } = b;
    // The game page, as a spectator sees the finished game.
    await page.goto(`${srv.url}/play/${id}`);
    await page.waitForSelector('#log-list li.log-battle');
    await page.waitForTimeout(500);
    const game = await lines(page);
    // The replay at its last step: the same lines.
    await page.goto(`${srv.url}/play/${id}?replay=100000`);
    await page.waitForSelector('#log-list li.log-battle');
    const replay = await lines(page);
    assert.deepEqual(replay, game, 'the replay\'s log is the game page\'s');
    for (const l of replay) assert.doesNotMatch(l, /\b\d+,\d+\b|^(play|order|move|battle|retreat) /, `engine text in "${l}"`);
    const chip = await page.$eval('#log-list li.log-move .hexref', (e) => ({ title: e.title, text: e.textContent }));
    assert.match(chip.title, /\d+,\d+/, 'the chip keeps the coordinates');
    assert.doesNotMatch(chip.text, /\d+,\d+/);
    // A step in the middle: its lines marked and repeated under the counter.
    // Some steps show a spectator nothing (an order given without a move, a
    // card kept: "replay.quiet"), so the step is the first from 12 on whose
    // own entries the log shows (the bots' game differs from run to run).
    let step = 12;
    for (; ; step++) {
      const r = (await api(srv.url, 'GET', `/api/games/${id}/replay?step=${step}`)).body;
      assert.ok(step < r.steps, 'a step with lines of its own');
      const own = r.log.slice(r.log.length - r.latest);
      if (own.some((e) => !['turn-end', 'step'].includes((e.event || {}).kind))) break;
    }
    await page.goto(`${srv.url}/play/${id}?replay=${step}`);
    await page.waitForFunction((n) => new RegExp(`^Step ${n} `).test(document.querySelector('#rp-step').textContent), step);
    assert.ok((await page.$$('#log-list li.now')).length > 0, 'the step\'s lines are marked');
    await page.waitForTimeout(200);
    const seen = await page.$eval('#log-list', (l) => { const n = [...l.querySelectorAll('li.now')].pop(); return n.getBoundingClientRect().bottom <= l.getBoundingClientRect().bottom + 1; });
    assert.ok(seen, 'the step\'s last line is in view');
    const action = await page.textContent('#rp-action');
    assert.ok(action.length > 0, 'the step says what happened');
    assert.doesNotMatch(action, /\b\d+,\d+\b/, action);
    await page.click('[data-go="next"]');
    await page.waitForFunction((n) => new RegExp(`^Step ${n} `).test(document.querySelector('#rp-step').textContent), step + 1);
    assert.ok((await lines(page)).length >= 1);
    await page.goto(`${srv.url}/play/${id}?replay=100000`);
    await page.waitForSelector('#log-list li.log-battle');
    await shot(page, 'replay-log-en');
    for (const code of ['en', 'fr', 'de', 'cs']) {
      if (code !== 'en') {
        await page.selectOption('#lang', code);
        await page.waitForFunction((c) => document.documentElement.lang === c, code);
        await page.waitForTimeout(200);
        await shot(page, `replay-log-${code}`);
      }
      const js = await journeys(page);
      assert.ok(js.length > 5, `${code}: moves in the log`);
      let within = 0;
      for (const j of js) {
        // Two chips that read the same never stand either side of an arrow.
        if (j.chips.length === 2) assert.notEqual(j.chips[0], j.chips[1], `${code}: ${j.text}`);
        if (j.chips.length === 1 && !/→/.test(j.text)) { assert.match(j.text, WITHIN[code], `${code}: ${j.text}`); within++; }
      }
      assert.ok(within > 0, `${code}: some move stays within one place (${js.length} journeys)`);
      const fresh = await lines(page);
      if (code !== 'en') assert.notDeepEqual(fresh, replay, `${code}: the log follows the language`);
    }
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
