// Issue 18, hot-seat hand-over: the screen that passes the device to the
// next player never shows a seat's private lines (its hand, the names of
// the cards it drew), and once "ready" is clicked the page shows only the
// seat that clicked it. A MutationObserver records what the page holds
// after every change, so a state shown for one frame is seen too; a page
// opened on the seat that is not to act (a link, a reload) goes to the
// hand-over screen without drawing that seat's hand.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, step, seeded } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

// recorder runs in the page: window.__seen lists the page's states.
function recorder() {
  window.__seen = [];
  const state = () => {
    const app = document.getElementById('app');
    const named = [...document.querySelectorAll('#log-list li.log-draw')]
      .filter((e) => !/draw a card$/.test(e.textContent))
      .map((e) => (/side-(allies|axis)/.exec(e.className) || [])[1] || '?');
    return {
      screen: !!document.querySelector('#ready'),
      seat: (app && app.dataset.seat) || '',
      hand: document.querySelectorAll('#hand .card, #combat-hand .card').length,
      named: [...new Set(named)].sort().join(','),
    };
  };
  let last = '';
  const note = () => {
    const s = state();
    const k = JSON.stringify(s);
    if (k !== last && window.__seen.length < 50000) { window.__seen.push(s); last = k; }
  };
  document.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('#ready');
    if (b) { note(); window.__seen.push({ ready: b.closest('[data-seat]').dataset.seat }); }
  }, true);
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

// check walks the recorded states: behind the hand-over screen no hand and
// no card named; elsewhere only the seat that said ready is shown.
function check(seen, what) {
  let cleared = null;
  for (const [i, s] of seen.entries()) {
    if (s.ready) { cleared = s.ready; continue; }
    if (s.screen) {
      assert.ok(s.hand === 0 && s.named === '', `${what}, state ${i}: the hand-over screen shows ${JSON.stringify(s)}`);
      continue;
    }
    if (s.hand === 0 && s.named === '') continue;
    assert.equal(s.seat, cleared, `${what}, state ${i}: seat ${s.seat} shown, ${cleared} said ready: ${JSON.stringify(s)}`);
    const side = cleared.replace(/-\d$/, '');
    assert.ok(s.named.split(',').every((x) => x === '' || x === side), `${what}, state ${i}: ${side} sees ${s.named}'s cards`);
  }
}

const sideOf = (seat) => seat.replace(/-\d$/, '');

test('the hot-seat hand-over never reveals a seat\'s hand or drawn cards', { timeout: 300000 }, async () => {
  const b = await browser({ width: 1024, height: 768 });
  try {
    const { page } = b;
    await b.ctx.addInitScript(recorder);
    await page.goto(srv.url + '/');
    await page.waitForSelector('#scn-list .scn-item');
    await page.click('input[name="mode"][value="hotseat"]');
    await page.click('#start');
    await page.waitForURL(/\/play\//);
    await page.waitForSelector('#ready');
    const first = await page.getAttribute('.dialog.handover', 'data-seat');
    await page.click('#ready');
    await page.waitForSelector('#hand .card');
    const firstURL = page.url(); // its fragment: the first seat's token
    // Play three turns, each through to the hand-over: from the third
    // turn on, each seat's log names cards it drew.
    const rnd = seeded(11);
    let second = null;
    for (let turn = 0; turn < 3; turn++) {
      for (let i = 0; i < 300 && !(await page.$('#ready')); i++) {
        await page.waitForFunction(() => document.querySelector('#ready') || (document.querySelector('#status') && document.querySelector('#status').dataset.mine === 'yes' && !document.querySelector('.game.pending')), null, { timeout: 60000 });
        if (await page.$('#ready')) break;
        await step(page, rnd);
        await page.waitForTimeout(30);
      }
      await page.waitForSelector('#ready');
      const next = await page.getAttribute('.dialog.handover', 'data-seat');
      if (turn === 0) { second = next; assert.notEqual(sideOf(second), sideOf(first)); }
      if (turn === 2) await shot(page, 'handover-screen');
      await page.click('#ready');
      await page.waitForSelector('#hand .card');
    }
    await page.waitForTimeout(1500); // late updates, a reconnect
    const seen = await page.evaluate(() => window.__seen);
    assert.ok(seen.some((s) => s.seat === first && s.hand > 0), 'the recorder saw the first seat\'s hand');
    assert.ok(seen.some((s) => s.named && !s.screen), 'the recorder saw a seat\'s own draws named');
    check(seen, 'hand-over after a turn');
    // The page opened again on the first seat while the second is to act
    // (after three hand-overs the second seat is to act).
    await page.goto(srv.url + '/');
    await page.goto(firstURL);
    await page.waitForSelector('#ready');
    const toAct = await page.getAttribute('.dialog.handover', 'data-seat');
    assert.notEqual(toAct, first, 'the page goes to the seat to act');
    await page.waitForTimeout(1000);
    await page.click('#ready');
    await page.waitForSelector('#hand .card');
    await page.waitForTimeout(500);
    check(await page.evaluate(() => window.__seen), 'page opened on the seat not to act');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
