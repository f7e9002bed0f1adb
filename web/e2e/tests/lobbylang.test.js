// Issue 18 "Translations": with French, German or Czech chosen, the
// lobby — its online section too (open tables, any opponent, live games,
// the account box and its battles, the leaderboard) — holds no English
// interface text, and follows the language switch without a reload. The
// scan compares the page's text with every English message whose words the
// chosen language does not share.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

// leftovers runs in the page: the English fragments found in the lobby's
// interface text with language code chosen.
async function leftovers(code) {
  const [en, tr, on] = await Promise.all([import('/js/i18n/en.js'), import(`/js/i18n/${code}.js`), import('/js/i18n/online.js')]);
  const enD = { ...en.default, ...on.default.en }, trD = { ...tr.default, ...on.default[code] };
  const strings = (v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.entries(v).filter(([k]) => k !== 'count' && k !== 'select').flatMap(([, x]) => strings(x)) : []);
  // The interface's text: the scenarios' own words (names, notes, history)
  // and the players' and scenarios' names in the lists left out.
  const clone = document.querySelector('.lobby').cloneNode(true);
  for (const e of clone.querySelectorAll('#scn-list, .scn-h, .scn-subtitle, .scn-note, .scn-brief, .table-list li > b, #account-games li > a, #leaderboard li:not(.bot), .preview svg, #lang, .upload-msg')) e.remove();
  document.body.append(clone);
  clone.style.position = 'absolute'; clone.style.left = '-99999px';
  const text = clone.innerText;
  const leaves = [...clone.querySelectorAll('*')].filter((e) => !e.children.length).map((e) => e.textContent.trim()).filter(Boolean);
  const attrs = [...clone.querySelectorAll('[placeholder], [title], [aria-label]')].flatMap((e) => ['placeholder', 'title', 'aria-label'].map((a) => e.getAttribute(a)).filter(Boolean));
  clone.remove();
  const found = new Set();
  for (const [key, val] of Object.entries(enD)) {
    if (/^(err|ev|at|np|npa|nat|num|card|help|fact|terrain|unit|combat)\./.test(key)) continue; // not lobby text
    const theirs = strings(trD[key]).join(' ¦ ');
    for (const s of strings(val)) {
      for (let f of s.split(/\{[^}]*\}/)) {
        f = f.replace(/^[\s:·,.()—–-]+|[\s:·,.()—–-]+$/g, '');
        if (f.length < 3 || !/[a-z]/i.test(f) || theirs.includes(f)) continue;
        if (/\s/.test(f) && f.length >= 8) { if (text.includes(f)) found.add(`${key}: "${f}"`); }
        else if (leaves.includes(f) || attrs.includes(f)) found.add(`${key}: "${f}"`);
      }
    }
  }
  if (code !== 'en') for (const m of text.matchAll(/\((random|easy|medium|hard)\)|\b(allies|axis)(-\d)? ·/g)) found.add(`raw: "${m[0]}"`);
  return [...found];
}

test('the lobby and its online section are in the language chosen, switched without a reload', { timeout: 180000 }, async () => {
  const b = await browser({ width: 1440, height: 900 });
  try {
    const { page } = b;
    await page.goto(srv.url + '/');
    await page.waitForSelector('#scn-list .scn-item');
    // An account, its open table (bound to it), a live game between two
    // players, so that every list has lines.
    await page.evaluate(async () => {
      const post = (p, body) => fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      await post('/api/accounts', { name: 'Lingua', password: 'password-1234' });
      const open = await post('/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'human' }, open: ['axis'] });
      await post('/api/me/seats', { game: open.game, token: open.tokens.allies });
      await post('/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'bot:easy' }, open: ['allies'] });
      await post('/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'human' } });
    });
    await page.reload();
    await page.waitForSelector('#open-tables li[data-game]');
    await page.waitForSelector('#leaderboard li');
    await page.waitForSelector('#account-games li', { timeout: 10000 });
    assert.deepEqual(await page.evaluate(leftovers, 'en'), [], 'English against itself finds nothing');
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    for (const code of ['cs', 'fr', 'de']) {
      await page.selectOption('#lang', code);
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      await page.waitForTimeout(1200); // the lists are asked again in the language
      const left = await page.evaluate(leftovers, code);
      await shot(page, `lobby-lang-${code}`);
      assert.deepEqual(left, [], `${code}: English left in the lobby`);
    }
    assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), before, 'no reload');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
