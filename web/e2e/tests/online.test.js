// Online play across the internet (issue 13), in Debian's Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from '../lib.js';
import words from '../../static/js/i18n/online.js';

test('the words of online play exist in every language, with the same placeholders', () => {
  const ph = (s) => [...new Set(s.match(/\{\w+\}/g) || [])].sort().join();
  for (const [code, d] of Object.entries(words)) {
    assert.deepEqual(Object.keys(d).sort(), Object.keys(words.en).sort(), code);
    for (const k of Object.keys(d)) assert.equal(ph(d[k]), ph(words.en[k]), `${code} ${k}`);
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
