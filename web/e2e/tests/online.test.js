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
