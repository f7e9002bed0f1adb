// Issue 18, item 7: long French and German card titles are not cut off
// (nor their texts).
// Every command card's title, in each language, drawn as a hand card at
// its narrowest (112 px, the tablet's and the phone's width), must keep
// each of its words whole on one line and stay inside the card. The cards
// are made by the page's own cardHtml (js/game.js), so the test sees what
// a player sees.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

test('every card title fits its card in every language, no word broken', { timeout: 120000 }, async () => {
  const b = await browser({ width: 1024, height: 768 });
  try {
    const { page } = b;
    await page.goto(srv.url + '/');
    await page.waitForSelector('#lang');
    const report = await page.evaluate(async () => {
      const i18n = await import('/js/i18n.js');
      const { cardHtml } = await import('/js/game.js');
      const out = { checked: 0, bad: [], small: [] };
      for (const code of ['fr', 'de', 'cs', 'en']) {
        await i18n.setLang(code);
        const kinds = new Set();
        for (const dict of [i18n.LANGS.en, i18n.LANGS[code]]) {
          for (const k of Object.keys(dict)) { const m = /^card\.([a-z0-9-]+)$/.exec(k); if (m) kinds.add(m[1]); }
        }
        const box = document.createElement('div');
        box.className = 'hand cardtitles-test';
        box.style.cssText = 'position:absolute;left:0;top:0;flex-wrap:wrap;width:1000px;z-index:99;background:#333';
        box.innerHTML = [...kinds].map((k, i) => cardHtml({ id: i, name: k })).join('');
        document.body.append(box);
        for (const head of box.querySelectorAll('.card-head')) {
          const span = head.querySelector('.card-title');
          const text = span.firstChild;
          out.checked++;
          if (head.scrollWidth > head.clientWidth + 1) out.bad.push(`${code} "${span.textContent}": ${head.scrollWidth} > ${head.clientWidth} px`);
          // Each word on one line: a range over it has one box.
          const re = /[^\s-]+-?/g; // a line may break after a hyphen
          for (let m; (m = re.exec(text.data));) {
            const r = document.createRange();
            r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);
            if (r.getClientRects().length !== 1) out.bad.push(`${code} "${span.textContent}": "${m[0]}" broken`);
          }
          const fx = head.parentElement.querySelector('.card-fx');
          if (fx && fx.scrollWidth > fx.clientWidth + 1) out.bad.push(`${code} "${span.textContent}": its text is ${fx.scrollWidth} px wide in ${fx.clientWidth}`);
          if (head.style.fontSize) out.small.push(`${code} ${span.textContent} ${head.style.fontSize}`);
        }
        if (code !== 'de') box.remove(); // the German cards stay for the screenshot
      }
      return out;
    });
    await shot(page, 'card-titles-de-1024');
    console.log('set smaller:', report.small.join('; '));
    assert.ok(report.checked >= 4 * 20, `checked ${report.checked} titles`);
    assert.deepEqual(report.bad, []);
    // The long French and German titles were set smaller, not cut off.
    assert.ok(report.small.some((s) => s.startsWith('fr ')), `no French title set smaller: ${report.small}`);
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
