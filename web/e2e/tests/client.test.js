// Browser tests of the web client against the real server, in Debian's
// Chromium. Screenshots of the key screens go to web/e2e/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, browser, shot, api, snapshotOf, waitMine, step, seeded, fixtures, click } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const skirmish = () => fs.readFileSync(path.join(fixtures, 'skirmish.m44'), 'utf8');

// newGame creates a game through the lobby and returns once the game page shows it.
async function lobbyStart(page, { scenario, mode = 'bot', side, level, young, noTakeGround } = {}) {
  await page.goto(srv.url + '/' + (scenario ? `?scenario=${encodeURIComponent(scenario)}` : ''));
  await page.waitForSelector('#scn-list .scn-item');
  if (scenario) await page.waitForSelector(`#scn-list .scn-item.selected[data-id="${scenario}"]`);
  await page.click(`input[name="mode"][value="${mode}"]`);
  if (side) await page.click(`input[name="side"][value="${side}"]`);
  if (level) await page.click(`input[name="level"][value="${level}"]`);
  if (young) await page.selectOption('#young', young);
  if (noTakeGround) await page.check('#young-notg');
  await page.click('#start');
}

// rulebook annex 5: the lobby starts a game in the young players' variant.
test('the lobby starts a young players\' game: 6 cards, the tactic cards of the stage chosen', { timeout: 120000 }, async () => {
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + '/');
    await page.waitForSelector('#scn-list .scn-item');
    assert.equal(await page.$('#young-notg'), null, 'no take-ground choice while the variant is off');
    await page.selectOption('#young', '1');
    await page.waitForSelector('#young-notg');
    assert.match(await page.textContent('#young option[value="1"]'), /Direct from HQ and Dig In/);
    await page.check('#young-notg');
    await shot(page, '14-lobby-young');
    const req = page.waitForRequest((r) => r.url().endsWith('/api/games') && r.method() === 'POST');
    await page.click('input[name="mode"][value="bot"]');
    await page.click('input[name="level"][value="random"]');
    await page.selectOption('#young', '1');
    await page.click('#start');
    const body = JSON.parse((await req).postData());
    assert.deepEqual(body.young, { stage: 1, no_take_ground: true });
    await page.waitForURL(/\/play\//);
    await page.waitForSelector('#hand .card');
    assert.equal(await page.$$eval('#hand .card', (l) => l.length), 6, 'six cards in hand');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('the lobby lists the scenarios with a board preview and uploads a .m44', async () => {
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + '/');
    await page.waitForSelector('#scn-list .scn-item');
    const n = await page.$$eval('#scn-list .scn-item', (l) => l.length);
    assert.ok(n >= 3, `${n} scenarios listed`);
    await page.waitForSelector('.preview svg');
    await page.fill('#search', 'pegasus');
    assert.equal(await page.$$eval('#scn-list .scn-item', (l) => l.length), 1);
    await page.fill('#search', '');
    // A bad file is refused politely, with the problems.
    await page.setInputFiles('#upload', path.join(fixtures, 'bad-parity.m44'));
    await page.waitForSelector('.upload-msg.bad li');
    assert.match(await page.textContent('.upload-msg'), /cannot be played/);
    // A good one is added and selected.
    await page.setInputFiles('#upload', path.join(fixtures, 'skirmish.m44'));
    await page.waitForSelector('.upload-msg.ok');
    await page.waitForSelector('.scn-item.selected:has-text("Crossroads Skirmish")');
    await page.waitForSelector('.preview svg');
    await shot(page, '01-lobby');
    assert.deepEqual(b.errors.filter((e) => !/status of 422/.test(e)), [], 'only the refused upload failed');
  } finally { await b.close(); }
});

test('against the computer: play a card, order, move, battle with dice, and play on to the end', { timeout: 600000 }, async () => {
  const up = await api(srv.url, 'POST', '/api/scenarios', skirmish());
  assert.equal(up.status, 201, JSON.stringify(up.body));
  const b = await browser();
  try {
    const { page } = b;
    await lobbyStart(page, { scenario: up.body.id, mode: 'bot', side: 'allies', level: 'random' });
    await page.waitForURL(/\/play\//);
    await waitMine(page);
    assert.equal(await page.textContent('#status-what'), 'Play a card');
    await shot(page, '02-game-start');

    // Play a card: Attack, Probe or Assault on the center if we have one, else the first playable card.
    assert.ok(await page.$('#hand .card.playable'), 'playable cards');
    assert.ok(await click(page, '#hand .card.playable'));
    await page.waitForSelector('#hand .card.selected');
    await page.waitForSelector('#actions .btn.primary');
    await shot(page, '03-card-selected');
    assert.ok(await click(page, '#actions .btn.primary'));
    await page.waitForFunction(() => !document.querySelector('.game.pending') && document.querySelector('#status-what').textContent !== 'Play a card');

    // Play the turn by clicking; record that we ordered, moved and battled, and saw dice.
    const rnd = seeded(44);
    const seen = new Set();
    let over = false;
    let sawDice = false;
    let idle = 0;
    for (let i = 0; i < 3000 && !over; i++) {
      over = await waitMine(page, 120000);
      if (over) break;
      const phase = (await snapshotOf(srv.url, page)).view.phase;
      const before = await page.evaluate(() => document.querySelector('#status-what').textContent);
      let did;
      try {
        did = await step(page, rnd);
      } catch (e) {
        await shot(page, 'fail-step');
        const dump = await page.evaluate(() => ({ what: document.querySelector('#status-what').textContent, buttons: [...document.querySelectorAll('#actions .btn')].map((x) => x.outerHTML), pending: !!document.querySelector('.game.pending') }));
        throw new Error(`${e.message}\nphase ${phase}, page: ${JSON.stringify(dump)}\nlegal: ${JSON.stringify((await snapshotOf(srv.url, page)).legal)}`);
      }
      if (!did) {
        // The page may be between two positions; it must offer something soon.
        idle++;
        assert.ok(idle < 100, `nothing to click at "${before}" (phase ${phase})`);
        await page.waitForTimeout(100);
        continue;
      }
      idle = 0;
      seen.add(`${phase}:${did}`);
      await page.waitForTimeout(30);
      if (!sawDice && await page.$('#dice:not([hidden]) .die')) {
        sawDice = true;
        await page.waitForTimeout(700);
        await shot(page, '04-dice');
        const faces = await page.$$eval('#dice .die-wrap', (l) => l.map((e) => e.title));
        assert.ok(faces.length > 0 && faces.every((f) => ['infantry', 'armor', 'grenade', 'star', 'flag'].includes(f)), faces.join());
      }
      if (phase === 'move' && did === 'unit' && !seen.has('shot-move')) {
        seen.add('shot-move');
        await shot(page, '05-move-reach');
      }
      if (phase === 'battle' && did === 'unit' && !seen.has('shot-battle')) {
        seen.add('shot-battle');
        const badges = await page.$$('.dice-badge');
        assert.ok(badges.length > 0, 'targets show their dice');
        await shot(page, '06-battle-targets');
      }
    }
    assert.ok(over, 'the game ended');
    assert.ok(sawDice, 'dice were shown');
    assert.ok([...seen].some((s) => s.startsWith('order:')), 'ordered a unit: ' + [...seen].join(' '));
    assert.ok([...seen].some((s) => s.startsWith('move:')), 'moved: ' + [...seen].join(' '));
    assert.ok([...seen].some((s) => s === 'battle:target'), 'battled: ' + [...seen].join(' '));
    await page.waitForSelector('.dialog.over');
    const title = await page.textContent('#over-title');
    assert.match(title, /Victory|Defeat/);
    await shot(page, '07-game-over');
    const snap = await snapshotOf(srv.url, page);
    assert.equal(snap.over, true);
    // The log speaks in words.
    const log = await page.$$eval('#log-list li', (l) => l.map((e) => e.textContent));
    assert.ok(log.some((s) => /win the battle/.test(s)), 'the log tells the winner');
    // The summary counts what each side lost and rolled, from the whole log.
    const rows = await page.$$eval('.summary tbody tr:not(.sum-class)', (l) => l.map((r) => [...r.children].map((c) => c.textContent)));
    assert.equal(rows.length, 5, JSON.stringify(rows));
    assert.ok(Number(rows[3][1]) + Number(rows[3][2]) > 0, 'dice were counted: ' + JSON.stringify(rows));
    assert.ok(Number(rows[0][1]) === snap.view.medals.allies && Number(rows[0][2]) === snap.view.medals.axis, JSON.stringify(rows));
    // Swap sides: a new battle of the same scenario, this player now the Axis against the same computer.
    const oldUrl = page.url();
    await page.click('#swap');
    await page.waitForURL((u) => u.href !== oldUrl && /\/play\//.test(u.href));
    await page.waitForSelector('#board svg');
    const again = await snapshotOf(srv.url, page);
    assert.equal(again.side, 'axis');
    assert.equal(again.scenario.id, snap.scenario.id);
    assert.equal(again.seats.find((x) => x.side === 'allies').kind, snap.seats.find((x) => x.side === 'axis').kind);
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('hot-seat: the hand stays hidden until the next player confirms', { timeout: 240000 }, async () => {
  const b = await browser();
  try {
    const { page } = b;
    await lobbyStart(page, { mode: 'hotseat' });
    await page.waitForURL(/\/play\//);
    // The side that moves first is asked to take the device.
    await page.waitForSelector('#ready');
    assert.equal(await page.$$eval('#hand .card', (l) => l.length), 0, 'no cards shown behind the pass screen');
    await shot(page, '08-hotseat-pass');
    const first = await page.textContent('#pass-title');
    await page.click('#ready');
    await page.waitForSelector('#hand .card');
    // Play the turn through until the other side must act. An answer in the
    // first side's turn (whether to Ambush a close assault, where to
    // retreat) hands the device over too; the test took such a hand-over
    // for the end of the turn and failed in CI. Such a question is answered
    // and the first side plays on.
    const rnd = seeded(7);
    let second = '';
    let snap = null;
    for (let handOvers = 0; handOvers < 20 && !snap; handOvers++) {
      for (let i = 0; i < 200; i++) {
        if (await page.$('#ready')) break;
        await waitMineOrPass(page);
        if (await page.$('#ready')) break;
        await step(page, rnd);
        await page.waitForTimeout(40);
      }
      await page.waitForSelector('#ready');
      const title = await page.textContent('#pass-title');
      assert.equal(await page.$$eval('#hand .card', (l) => l.length), 0, 'the hand is hidden for the hand-over');
      await page.click('#ready');
      await page.waitForSelector('#hand .card');
      const s = await snapshotOf(srv.url, page);
      if (title !== first && s.view.active === s.side) { second = title; snap = s; }
    }
    assert.ok(snap, 'the turn ended and the device was handed over');
    assert.notEqual(first, second, `${first} then ${second}`);
    await shot(page, '09-hotseat-second');
    // The log now shows this seat's view: the other side's draws are hidden.
    // The side that has just played is the other one: the snapshot's side
    // is the first token's seat, which need not be the side now playing.
    const other = snap.view.active === 'allies' ? 'axis' : 'allies';
    // The seat's whole log arrives after the hand-over: wait for it.
    // Until it has, the log may still be the one rendered for the seat
    // before the hand-over: wait for this seat's words of those draws.
    await page.waitForFunction((sel) => {
      const l = [...document.querySelectorAll(sel)];
      return l.length > 0 && l.every((e) => /draw a card$/.test(e.textContent));
    }, `#log-list li.log-draw.side-${other}`, { timeout: 15000 }).catch(() => {});
    const draws = await page.$$eval(`#log-list li.log-draw.side-${other}`, (l) => l.map((e) => e.textContent));
    assert.ok(draws.length > 0 && draws.every((d) => /draw a card$/.test(d)), draws.join(' | '));
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

async function waitMineOrPass(page) {
  await page.waitForFunction(() => document.querySelector('#ready') || (document.querySelector('#status') && document.querySelector('#status').dataset.mine === 'yes' && !document.querySelector('.game.pending')), null, { timeout: 60000 });
}

test('a refresh in the middle of a game resumes it, also from a bare link', { timeout: 180000 }, async () => {
  const b = await browser();
  try {
    const { page } = b;
    await lobbyStart(page, { mode: 'bot', level: 'random' });
    await page.waitForURL(/\/play\//);
    await waitMine(page);
    await click(page, '#hand .card.playable');
    // The status says "<card> picked" until the play is answered; waiting only
    // for a change from "Play a card" raced the answer (CI, stop 22).
    const picked = await page.textContent('#status-what');
    await click(page, '#actions .btn.primary');
    const answered = (p) => !document.querySelector('.game.pending') && document.querySelector('#played:not([hidden]) .card') && !['Play a card', p].includes(document.querySelector('#status-what').textContent);
    await page.waitForFunction((p) => document.querySelector('#confirm-yes') || (!document.querySelector('.game.pending') && document.querySelector('#played:not([hidden]) .card') && !['Play a card', p].includes(document.querySelector('#status-what').textContent)), picked);
    if (await page.$('#confirm-yes')) await click(page, '#confirm-yes'); // a card that orders nothing asks first
    await page.waitForFunction(answered, picked);
    // A card that orders nothing ends the turn: the computer plays on, and
    // the position to find again is the next one that waits for the player
    // (the CI dry run of stop 23 caught the status changing under the test).
    await waitMine(page);
    const before = await snapshotOf(srv.url, page);
    const status = await page.textContent('#status-what');
    const shown = Boolean(await page.$('#played:not([hidden]) .card'));
    await page.reload();
    await page.waitForSelector('#status[data-mine]');
    await page.waitForFunction((s) => document.querySelector('#status-what').textContent === s, status);
    const after = await snapshotOf(srv.url, page);
    assert.equal(after.version, before.version);
    // The card in play, if the position has one, is shown again. When the
    // first card ordered nothing, the position found again is the player's
    // next turn, before a card (the CI dry run of stop 30 met one).
    const where = `(phase ${before.view.phase}, status "${status}")`;
    if (before.view.played) assert.ok(await page.$('#played:not([hidden]) .card'), `the card in play is shown again ${where}`);
    assert.equal(Boolean(await page.$('#played:not([hidden]) .card')), shown, `the card area as before the refresh ${where}`);
    // Without the fragment, the token comes from this browser's memory.
    const bare = page.url().split('#')[0];
    await page.goto('about:blank');
    await page.goto(bare);
    await page.waitForFunction((s) => document.querySelector('#status-what').textContent === s, status);
    assert.match(page.url(), /#[0-9a-f]{32}/);
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

// waitText waits until sel's text is want (a language loads on switching).
async function waitText(page, sel, want) {
  try {
    await page.waitForFunction(([s, w]) => document.querySelector(s) && document.querySelector(s).textContent === w, [sel, want], { timeout: 5000 });
  } catch {
    assert.equal(await page.textContent(sel), want);
  }
}

test('the language switch words everything, and is remembered', { timeout: 120000 }, async () => {
  const b = await browser({ locale: 'de-DE' });
  try {
    const { page } = b;
    await page.goto(srv.url + '/');
    await page.waitForSelector('#scn-list .scn-item');
    assert.equal(await page.inputValue('#lang'), 'de', 'the default follows the browser');
    assert.equal(await page.textContent('#h-setup'), 'Neue Schlacht');
    await page.selectOption('#lang', 'fr');
    await waitText(page, '#h-setup', 'Nouvelle bataille'); // the French dictionary is fetched on switching
    await page.click('#start');
    await page.waitForURL(/\/play\//);
    await page.waitForSelector('#status[data-mine="yes"]');
    assert.equal(await page.textContent('#status-what'), 'Jouez une carte');
    const names = await page.$$eval('#hand .card-head', (l) => l.map((e) => e.textContent));
    const french = ['Reconnaissance', 'Accrochage', 'Attaque', 'Assaut', 'Attaque frontale', 'Encerclement', 'Reconnaissance en force', 'Supériorité aérienne', 'Embuscade', 'Assaut de blindés', "Tir d'artillerie", 'Tir de barrage', 'Infiltration', 'Combat rapproché', 'Contre-attaque', 'Consolidation de position', 'Ordres du QG', 'Fusillade', "Assaut d'infanterie", 'Médecins & Mécaniciens', "À l'attaque !", 'Action héroïque'];
    assert.ok(names.length && names.every((n) => french.includes(n)), names.join(' | '));
    await shot(page, '10-french');
    for (const [code, word] of [['cs', 'Vyložte kartu'], ['de', 'Spiele eine Karte'], ['en', 'Play a card'], ['fr', 'Jouez une carte']]) {
      await page.selectOption('#lang', code);
      await waitText(page, '#status-what', word);
    }
    // "Connected" follows the switch too.
    await waitText(page, '#conn', 'Connecté');
    await page.reload();
    await page.waitForSelector('#status[data-mine="yes"]');
    assert.equal(await page.textContent('#status-what'), 'Jouez une carte', 'remembered after a reload');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('keyboard: cards and hexes are buttons; Escape cancels a selection', { timeout: 120000 }, async () => {
  const b = await browser({ width: 1024, height: 768 });
  try {
    const { page } = b;
    await lobbyStart(page, { mode: 'bot', level: 'random' });
    await page.waitForURL(/\/play\//);
    await waitMine(page);
    await page.focus('#hand .card.playable');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#hand .card.selected');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#hand .card.selected'));
    await page.focus('#hand .card.playable');
    await page.keyboard.press('Space');
    await page.waitForSelector('#hand .card.selected');
    await page.focus('#actions .btn.primary');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('.game.pending') && document.querySelector('#status-what').textContent !== 'Play a card');
    const hex = await page.$('path.hit[data-mark="can"]');
    if (hex) {
      await hex.focus();
      const ring = await page.evaluate(() => getComputedStyle(document.activeElement).stroke);
      assert.notEqual(ring, 'none', 'a visible focus ring');
      await shot(page, '11-keyboard-focus');
    }
    // Tablet size: nothing spills sideways.
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(sw <= 1024, `page is ${sw}px wide at 1024`);
    await shot(page, '12-tablet');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('online with a friend: the invite link seats the friend', { timeout: 120000 }, async () => {
  const a = await browser();
  const f = await browser();
  try {
    await lobbyStart(a.page, { mode: 'online', side: 'axis' });
    await a.page.waitForSelector('#inv-title');
    const link = await a.page.inputValue('.invite-row input');
    assert.match(link, /\/play\/[^#]+#[0-9a-f]{32}$/);
    await shot(a.page, '13-invite');
    await a.page.click('#enter');
    await a.page.waitForURL(/\/play\//);
    await a.page.waitForSelector('#invite:not([hidden])');
    await f.page.goto(link);
    await f.page.waitForSelector('#status[data-mine]');
    // The friend plays the Allies, who move first here or not; both see the same game.
    const sa = await snapshotOf(srv.url, a.page), sf = await snapshotOf(srv.url, f.page);
    assert.equal(sa.side, 'axis');
    assert.equal(sf.side, 'allies');
    await a.page.waitForSelector('#invite', { state: 'hidden' });
    assert.deepEqual([...a.errors, ...f.errors], []);
  } finally { await a.close(); await f.close(); }
});

test('errors are polite: an unknown game', async () => {
  const b = await browser();
  try {
    await b.page.goto(srv.url + '/play/nosuchgame#0123456789abcdef0123456789abcdef');
    await b.page.waitForSelector('#toast.show');
    assert.match(await b.page.textContent('#toast'), /does not exist|not valid/);
  } finally { await b.close(); }
});

test('team game (Operation Alliance): my hand, my team mate\'s hand and our shared card', { timeout: 120000 }, async () => {
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(srv.url + '/');
    await page.waitForSelector('#scn-list .scn-item.selected');
    await page.click('input[name="mode"][value="team"]');
    await page.click('input[name="team-axis"][value="1"]');
    await page.selectOption('select[data-seat="allies-2"]', 'bot:random');
    await page.selectOption('select[data-seat="axis"]', 'bot:random');
    await page.click('#start');
    await page.waitForURL(/\/play\//);
    await page.waitForSelector('.hand-group.mate .card');
    await page.waitForSelector('.hand-group.shared .card');
    const snap = await snapshotOf(srv.url, page);
    assert.equal(snap.seat, 'allies-1');
    assert.deepEqual(snap.view.players, { allies: 2, axis: 1 });
    await shot(page, '14-team');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});

test('the page reconnects after the server restarts, and plays on', { timeout: 180000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'm44-e2e-restart-'));
  let one = await startServer({ dir });
  const b = await browser();
  try {
    const { page } = b;
    await page.goto(one.url + '/');
    await page.waitForSelector('#scn-list .scn-item.selected');
    await page.click('input[name="level"][value="random"]');
    await page.click('#start');
    await page.waitForURL(/\/play\//);
    await waitMine(page);
    await page.waitForSelector('#conn[data-state="online"]');
    const addr = new URL(one.url).host;
    await one.stop();
    await page.waitForSelector('#conn[data-state="offline"]');
    assert.match(await page.textContent('#conn'), /reconnecting/);
    await shot(page, '15-offline');
    one = await startServer({ dir, addr });
    await page.waitForSelector('#conn[data-state="online"]', { timeout: 60000 });
    // Still our turn, and the game goes on.
    await waitMine(page);
    assert.ok(await click(page, '#hand .card.playable'));
    await page.waitForSelector('#actions .btn.primary');
    assert.ok(await click(page, '#actions .btn.primary'));
    await page.waitForFunction(() => !document.querySelector('.game.pending') && document.querySelector('#status-what').textContent !== 'Play a card');
    assert.deepEqual(b.errors.filter((e) => !/ERR_CONNECTION_REFUSED|WebSocket|Failed to load/.test(e)), []);
  } finally {
    await b.close();
    await one.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a refused action is explained, and the board is fetched again', { timeout: 120000 }, async () => {
  const b = await browser();
  try {
    const { page } = b;
    await lobbyStart(page, { mode: 'bot', level: 'random' });
    await page.waitForURL(/\/play\//);
    await waitMine(page);
    let once = false;
    await page.route('**/api/games/*/actions', (route) => {
      if (once) return route.continue();
      once = true;
      return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: { code: 'illegal_action', message: 'the unit cannot go there' } }) });
    });
    assert.ok(await click(page, '#hand .card.playable'));
    await page.waitForSelector('#actions .btn.primary');
    assert.ok(await click(page, '#actions .btn.primary'));
    // A card that would order nothing is confirmed first (issue 18): the
    // deal decides, so answer yes when asked.
    await page.waitForSelector('#toast.show, #confirm-yes');
    if (await page.$('#confirm-yes')) {
      await click(page, '#confirm-yes');
      await page.waitForSelector('#toast.show');
    }
    assert.equal(await page.textContent('#toast'), 'That move is not allowed: the unit cannot go there');
    await shot(page, '16-refused');
    // Nothing changed: still our card to play, and playing it now works.
    assert.equal(await page.textContent('#status-what'), 'Play a card');
    assert.ok(await click(page, '#hand .card.playable'));
    await page.waitForSelector('#actions .btn.primary');
    assert.ok(await click(page, '#actions .btn.primary'));
    await page.waitForFunction(() => document.querySelector('#confirm-yes') || (!document.querySelector('.game.pending') && document.querySelector('#status-what').textContent !== 'Play a card'));
    if (await page.$('#confirm-yes')) await click(page, '#confirm-yes');
    await page.waitForFunction(() => !document.querySelector('.game.pending') && document.querySelector('#status-what').textContent !== 'Play a card');
  } finally { await b.close(); }
});
