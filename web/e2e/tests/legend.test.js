// Issue 18: the lobby's scenario preview has its key to the symbols again,
// in the player's language (the server sends each entry's symbol and a
// message key, the lobby words it); open beside the board on a wide
// screen, folded on a phone so that it does not push the page sideways or
// the scenario's words down.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from '../lib.js';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { if (srv) await srv.stop(); });

const items = (page) => page.$$eval('details.legend li', (l) => l.map((e) => ({ key: e.dataset.key, text: e.lastElementChild.textContent.trim(), sym: !!e.querySelector('.legend-sym svg') })));

test('the lobby preview has its legend, translated, folded on a phone', { timeout: 120000 }, async () => {
  const b = await browser({ width: 1440, height: 900, locale: 'fr-FR' });
  try {
    const { page } = b;
    await page.goto(srv.url + '/?scenario=pegasus-bridge');
    await page.waitForSelector('details.legend[open] li');
    const fr = await items(page);
    assert.ok(fr.length >= 8 && fr.every((x) => x.sym && x.text), JSON.stringify(fr));
    const texts = fr.map((x) => x.text);
    for (const want of ['Forêt', 'Infanterie — Alliés, 4 figurines', 'Infanterie — Axe, 4 figurines', 'Limite de section']) {
      assert.ok(texts.includes(want), `"${want}" in ${texts.join(' | ')}`);
    }
    assert.ok(texts.some((x) => /^Médaille-objectif temporaire|^Médaille temporaire/.test(x)), texts.join(' | '));
    await shot(page, 'legend-fr-1440');
    // The switch words it again, without a reload.
    await page.selectOption('#lang', 'cs');
    await page.waitForFunction(() => document.documentElement.lang === 'cs');
    await page.waitForFunction(() => [...document.querySelectorAll('details.legend li')].some((e) => /Pěchota — Spojenci, 4 figurky/.test(e.textContent)));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForSelector('details.legend');
    assert.equal(await page.$eval('details.legend', (d) => d.open), false, 'folded on a phone');
    await page.click('details.legend > summary');
    await page.waitForSelector('details.legend[open] li');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page scrolls sideways: ${wide} px`);
    await page.$eval('details.legend', (d) => d.scrollIntoView());
    await shot(page, 'legend-cs-390');
    assert.deepEqual(b.errors, []);
  } finally { await b.close(); }
});
