// Online play across the internet (issue 13), in Debian's Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, step, sleep, api } from '../lib.js';
import words from '../../static/js/i18n/online.js';

test('the words of online play exist in every language, with the same placeholders', () => {
  const ph = (s) => [...new Set(s.match(/\{\w+\}/g) || [])].sort().join();
  for (const [code, d] of Object.entries(words)) {
    assert.deepEqual(Object.keys(d).sort(), Object.keys(words.en).sort(), code);
    const one = (m) => (typeof m === 'object' ? m.other : m);
    for (const k of Object.keys(d)) assert.equal(ph(one(d[k])), ph(one(words.en[k])), `${code} ${k}`);
  }
});

async function invite(url, page) {
  await page.goto(url + '/');
  await page.waitForSelector('#scn-list .scn-item');
  await page.click('input[name="mode"][value="online"]');
  await page.click('#start');
  await page.waitForSelector('#inv-title');
}

// Issue 13 "Reachable invites": on 127.0.0.1 the lobby warns that the links
// open on this machine only, and offers the spectator link.
test('the lobby warns when invite links work on this machine only', { timeout: 120000 }, async () => {
  const srv = await startServer();
  const b = await browser();
  try {
    await invite(srv.url, b.page);
    await b.page.waitForSelector('#local-only');
    assert.match(await b.page.textContent('#local-only'), /this machine only \(127\.0\.0\.1:\d+\)/);
    const spectate = await b.page.inputValue('#spectate-url');
    assert.match(spectate, /^http:\/\/127\.0\.0\.1:\d+\/play\/[0-9a-f]+$/);
    await shot(b.page, 'online-local-only');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); await srv.stop(); }
});

// With --public-url the links carry it, and no warning is shown.
test('with --public-url the invite and spectator links carry the public address', { timeout: 120000 }, async () => {
  const srv = await startServer({ args: ['--public-url', 'https://m44.example.org'] });
  const b = await browser();
  try {
    await invite(srv.url, b.page);
    const link = await b.page.inputValue('.invite-row input');
    assert.match(link, /^https:\/\/m44\.example\.org\/play\/[0-9a-f]+#[0-9a-f]{32}$/);
    assert.match(await b.page.inputValue('#spectate-url'), /^https:\/\/m44\.example\.org\/play\/[0-9a-f]+$/);
    assert.equal(await b.page.$('#local-only'), null);
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); await srv.stop(); }
});

// Issue 13 "Accounts, optional": sign up in the lobby, start a battle; on
// another browser (device) sign in and find it under "Your battles
// (account)", and play it from there as the same seat.
test('an account keeps its battles on another device', { timeout: 180000 }, async () => {
  const srv = await startServer();
  const laptop = await browser();
  const phone = await browser({ width: 420, height: 860 });
  try {
    const p = laptop.page;
    await p.goto(srv.url + '/');
    await p.waitForSelector('#scn-list .scn-item');
    await p.click('#sign-in');
    await p.fill('#acct-user', 'Rommel');
    await p.fill('#acct-pass', 'desert fox 44');
    await p.click('#acct-up');
    await p.waitForSelector('#acct-name');
    assert.match(await p.textContent('#acct-name'), /^Rommel · 1500$/);
    await shot(p, 'online-signed-in');
    await p.click('input[name="mode"][value="online"]');
    await p.click('input[name="side"][value="axis"]');
    await p.click('#start');
    await p.waitForSelector('#inv-title');
    await p.click('#enter');
    await p.waitForURL(/\/play\//);
    const game = new URL(p.url()).pathname.split('/').pop();

    const q = phone.page;
    await q.goto(srv.url + '/');
    await q.waitForSelector('#sign-in');
    await q.click('#sign-in');
    await q.fill('#acct-user', 'rommel');
    await q.fill('#acct-pass', 'wrong password');
    await q.click('#acct-in');
    await q.waitForFunction(() => /Wrong name or password/.test(document.querySelector('#acct-msg').textContent));
    await q.fill('#acct-pass', 'desert fox 44');
    await q.click('#acct-in');
    await q.waitForSelector(`#account-games [data-game="${game}"]`);
    await shot(q, 'online-account-games');
    await q.click(`#account-games [data-game="${game}"]`);
    await q.waitForURL(new RegExp(`/play/${game}#[0-9a-f]{32}$`));
    await q.waitForSelector('#status[data-mine]');
    const tok = decodeURIComponent(new URL(q.url()).hash.slice(1));
    const snap = await (await fetch(`${srv.url}/api/games/${game}?token=${tok}`)).json();
    assert.equal(snap.seat, 'axis');
    assert.deepEqual(laptop.errors, []);
    assert.deepEqual(phone.errors.filter((e) => !/status of 401/.test(e)), [], 'only the wrong password failed');
  } finally { await laptop.close(); await phone.close(); await srv.stop(); }
});

async function signUp(page, url, name, password) {
  await page.goto(url + '/');
  await page.waitForSelector('#sign-in');
  await page.click('#sign-in');
  await page.fill('#acct-user', name);
  await page.fill('#acct-pass', password);
  await page.click('#acct-up');
  await page.waitForSelector('#acct-name');
}

const seatOf = (page) => decodeURIComponent(new URL(page.url()).hash.slice(1));

// Issue 13, three browsers: two accounts meet at a rated table with a
// real-time clock (the second joins from the lobby's list), each is alerted
// when their turn comes while they look away (tab title), they chat (text
// shown as text), a spectator joins from the live games, the clock runs
// out and the rated result moves both ratings.
test('a rated table: join from the lobby, your-turn alerts, chat, spectator, clock expiry, ratings', { timeout: 300000 }, async () => {
  const srv = await startServer({ botDelay: '10ms' });
  const A = await browser(), B = await browser(), C = await browser();
  try {
    await signUp(A.page, srv.url, 'Alpha', 'first player');
    await signUp(B.page, srv.url, 'Bravo', 'second player');
    // Alpha opens a rated table (Allies) with 75 s of reflection each.
    const res = await A.page.evaluate(async () => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'human' }, open: ['axis'], rated: true,
          clock: { mode: 'realtime', reserve: 75, on_timeout: 'lose' } }) });
      const c = await r.json();
      await fetch('/api/me/seats', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: c.game, token: c.tokens.allies }) });
      return c;
    });
    await A.page.goto(srv.url + res.links.allies);
    await A.page.waitForSelector('#status[data-mine]');
    // Bravo finds it among the open tables and joins.
    await B.page.goto(srv.url + '/');
    await B.page.waitForSelector(`#open-tables li[data-game="${res.game}"]`);
    assert.match(await B.page.textContent(`#open-tables li[data-game="${res.game}"]`), /Alpha \(1500\).*free seat.*40 min|Alpha \(1500\).*free seat/);
    await shot(B.page, 'online-open-tables');
    await B.page.click(`#open-tables button[data-game="${res.game}"]`);
    await B.page.waitForURL(new RegExp(`/play/${res.game}#[0-9a-f]{32}$`));
    await B.page.waitForSelector('#status[data-mine]');
    // The clock runs for the Allies (Pegasus Bridge: the Allies move first).
    await A.page.waitForSelector('#clock .clock-seat.running[data-seat="allies"]');
    // Bravo looks away; Alpha plays the turn; Bravo's tab says it is their turn.
    await B.page.evaluate(() => { Object.defineProperty(document, 'hidden', { configurable: true, get: () => true }); });
    const snapOf = async () => (await (await fetch(`${srv.url}/api/games/${res.game}`)).json());
    for (let i = 0; i < 80 && (await snapOf()).to_act === 'allies'; i++) { await step(A.page); await sleep(100); }
    assert.equal((await snapOf()).to_act, 'axis');
    await B.page.waitForFunction(() => /^▶ Your turn/.test(document.title), null, { timeout: 20000 });
    // Chat: a quick message and a text that looks like HTML, shown as text.
    await B.page.click('#chat-toggle');
    await B.page.click('#chat .chat-quick button:has-text("Good luck!")');
    await A.page.click('#chat-toggle');
    await A.page.waitForSelector('#chat-list li:has-text("Good luck!")');
    await A.page.fill('#chat-input', '<img src=x onerror=alert(1)> hi');
    await A.page.click('#chat-send');
    await B.page.waitForSelector('#chat-list li:has-text("hi")');
    assert.equal(await B.page.textContent('#chat-list li:last-child .msg'), '<img src=x onerror=alert(1)> hi');
    assert.equal(await B.page.$('#chat-list img'), null, 'no element made from a message');
    assert.match(await B.page.textContent('#chat-list li:last-child'), /^Alpha: /);
    await shot(B.page, 'online-chat');
    // A spectator joins from the live games and sees the spectators' channel only.
    await C.page.goto(srv.url + '/');
    await C.page.waitForSelector(`#live-games button[data-game="${res.game}"]`);
    await C.page.click(`#live-games button[data-game="${res.game}"]`);
    await C.page.waitForURL(new RegExp(`/play/${res.game}$`));
    await C.page.waitForSelector('#chat-toggle');
    await C.page.click('#chat-toggle');
    await C.page.waitForSelector('#chat .tab[data-channel="spectators"]');
    assert.equal(await C.page.$('#chat .tab[data-channel="players"]'), null);
    assert.equal(await C.page.$('#chat-list li:has-text("Good luck")'), null, 'the players\' chat stays theirs');
    // Alpha looks away; Bravo plays the turn; Alpha's tab says it is their turn.
    await A.page.evaluate(() => { Object.defineProperty(document, 'hidden', { configurable: true, get: () => true }); });
    for (let i = 0; i < 80 && (await snapOf()).to_act === 'axis'; i++) { await step(B.page); await sleep(100); }
    assert.equal((await snapOf()).to_act, 'allies');
    await A.page.waitForFunction(() => /^▶ Your turn/.test(document.title), null, { timeout: 20000 });
    // Alpha does not move: the clock runs out, the Axis win on time.
    await B.page.waitForSelector('.dialog.over', { timeout: 120000 });
    const over = await snapOf();
    assert.equal(over.over, true);
    assert.equal(over.winner, 'axis');
    await shot(B.page, 'online-timeout');
    // Both ratings moved: Bravo up, Alpha down.
    let lb;
    for (let i = 0; i < 50; i++) {
      lb = await (await fetch(srv.url + '/api/leaderboard')).json();
      if (lb.players.length === 2) break;
      await sleep(200);
    }
    assert.deepEqual(lb.players.map((p) => p.name), ['Bravo', 'Alpha']);
    assert.ok(lb.players[0].rating > 1500 && lb.players[1].rating < 1500, JSON.stringify(lb.players));
    await C.page.goto(srv.url + '/');
    await C.page.waitForFunction(() => /Bravo — 1\d{3} · 1 game/.test(document.querySelector('#leaderboard').textContent));
    const errs = [...A.errors, ...B.errors, ...C.errors].filter((e) => !/status of 4\d\d/.test(e));
    assert.deepEqual(errs, []);
  } finally { await A.close(); await B.close(); await C.close(); await srv.stop(); }
});

// Issue 13, two browsers, everything through the lobby's own controls: an
// account opens a rated turn-based table (a day per move) with the
// lobby's form; a second account finds it among the open tables (rated,
// its clock, the first player's rating) and joins; both game pages offer
// the push notification of turn-based games. The lobby's team mode says
// team games are not rated, and the server refuses one rated.
test('a rated turn-based table opened from the lobby form, joined from the list; team games unrated', { timeout: 180000 }, async () => {
  const srv = await startServer();
  const A = await browser(), B = await browser();
  try {
    await signUp(A.page, srv.url, 'Charlie', 'third player');
    await A.page.click('#scn-list .scn-item[data-id="pegasus-bridge"]');
    await A.page.selectOption('#table-side', 'axis');
    await A.page.selectOption('#table-clock', 'turn-1d');
    await A.page.check('#table-rated');
    await A.page.click('#open-table');
    await A.page.waitForURL(/\/play\/[0-9a-f]+#[0-9a-f]{32}$/);
    const game = new URL(A.page.url()).pathname.split('/').pop();
    await A.page.waitForSelector('#status[data-mine]');

    await signUp(B.page, srv.url, 'Delta', 'fourth player');
    const row = `#open-tables li[data-game="${game}"]`;
    await B.page.waitForSelector(row);
    const text = await B.page.textContent(row);
    assert.match(text, /Pegasus Bridge/);
    assert.match(text, /Allies: free seat · Axis: Charlie \(1500\) · 1 d per move · rated/);
    await B.page.locator(row).scrollIntoViewIfNeeded();
    await shot(B.page, 'online-open-table-form');
    await B.page.click(`#open-tables button[data-game="${game}"]`);
    await B.page.waitForURL(new RegExp(`/play/${game}#[0-9a-f]{32}$`));
    await B.page.waitForSelector('#status[data-mine]');
    const tables = (await api(srv.url, 'GET', '/api/tables')).body;
    const live = tables.live.find((g) => g.game === game);
    assert.ok(live && live.rated && live.clock.mode === 'turn' && live.clock.per_move === 86400, JSON.stringify(tables));
    assert.deepEqual(live.seats.map((s) => [s.seat, s.player]), [['allies', 'Delta'], ['axis', 'Charlie']]);
    for (const p of [A.page, B.page]) {
      await p.click('#chat-toggle');
      await p.waitForSelector('#alert-push', { state: 'visible' });
    }
    // Team games: the lobby says they are not rated; the server refuses one rated.
    await A.page.goto(srv.url + '/');
    await A.page.waitForSelector('#scn-list .scn-item');
    await A.page.click('input[name="mode"][value="team"]');
    await A.page.waitForSelector('#team-unrated');
    assert.match(await A.page.textContent('#team-unrated'), /Team games are not rated/);
    const refused = await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', players: { allies: 2, axis: 1 }, rated: true,
      seats: { 'allies-1': 'human', 'allies-2': 'human', axis: 'human' } });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error.message, /team games are not rated/);
    assert.deepEqual([...A.errors, ...B.errors], []);
  } finally { await A.close(); await B.close(); await srv.stop(); }
});
