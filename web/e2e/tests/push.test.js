// Web Push for turn-based games (issue 13), in Debian's Chromium. There is
// no network here, so no real push service can be reached: the test checks
// the page's side as far as a browser goes offline — the switch shown for
// a turn-based game, the service worker registered at /sw.js, a push
// message delivered to it (through the DevTools protocol, as a push
// service would) shown as a notification with the game's address, and a
// failed subscription said plainly. The server's side (encryption, VAPID,
// sending, 404/410) is tested in Go against a fake push service
// (web/push_test.go).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot, api } from '../lib.js';

test('a turn-based game offers Web Push; its service worker shows a push message as a notification', { timeout: 120000 }, async () => {
  const srv = await startServer();
  const b = await browser();
  try {
    await b.ctx.grantPermissions(['notifications'], { origin: srv.url });
    const turn = (await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'human' },
      clock: { mode: 'turn', per_move: 86400 } })).body;
    const plain = (await api(srv.url, 'POST', '/api/games', { scenario: 'pegasus-bridge', seats: { allies: 'human', axis: 'human' } })).body;
    const key = (await api(srv.url, 'GET', '/api/push/key')).body.key;
    assert.match(key, /^[A-Za-z0-9_-]{87}$/, 'a 65-byte P-256 key, base64url');

    // A game without a turn-based clock: no push switch.
    await b.page.goto(srv.url + plain.links.allies);
    await b.page.waitForSelector('#status[data-mine]');
    await b.page.click('#chat-toggle');
    await b.page.waitForTimeout(500);
    assert.equal(await b.page.isVisible('#alert-push'), false);

    // A turn-based game: the switch, and the service worker at /sw.js.
    await b.page.goto(srv.url + turn.links.allies);
    await b.page.waitForSelector('#status[data-mine]');
    await b.page.click('#chat-toggle');
    await b.page.waitForSelector('#alert-push', { state: 'visible' });
    assert.match(await b.page.textContent('#alert-push-label'), /Notify me even when this page is closed/);
    const sw = await b.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { script: reg.active && reg.active.scriptURL, scope: reg.scope, push: !!reg.pushManager };
    });
    assert.equal(sw.script, srv.url + '/sw.js');
    assert.equal(sw.scope, srv.url + '/');
    assert.ok(sw.push);

    // A push message, as the server sends it, delivered to the worker.
    const cdp = await b.ctx.newCDPSession(b.page);
    const regs = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => regs.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    for (let i = 0; i < 50 && !regs.some((r) => r.scopeURL === srv.url + '/'); i++) await b.page.waitForTimeout(100);
    const reg = regs.find((r) => r.scopeURL === srv.url + '/');
    assert.ok(reg, 'the registration is seen by DevTools');
    const msg = { type: 'your-turn', game: turn.game, seat: 'axis', title: 'Your turn', body: 'Pegasus Bridge', url: '/play/' + turn.game };
    let shown = [];
    for (let i = 0; i < 100 && !shown.length; i++) {
      if (i % 20 === 0) await cdp.send('ServiceWorker.deliverPushMessage', { origin: srv.url, registrationId: reg.registrationId, data: JSON.stringify(msg) });
      shown = await b.page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        return (await r.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url }));
      });
      if (!shown.length) await b.page.waitForTimeout(100);
    }
    assert.deepEqual(shown, [{ title: 'Your turn', body: 'Pegasus Bridge', tag: 'm44-turn-' + turn.game, url: '/play/' + turn.game }]);

    // Subscribing needs the browser's push service, out of reach here: the
    // switch goes back off and says so (no error thrown at the player).
    await b.page.check('#alert-push').catch(() => {});
    await b.page.waitForSelector('#alert-push-msg', { state: 'visible', timeout: 60000 });
    assert.equal(await b.page.isChecked('#alert-push'), false);
    assert.match(await b.page.textContent('#alert-push-msg'), /not available in this browser/);
    await shot(b.page, 'online-push');
    const errs = b.errors.filter((e) => !/push service|Registration failed|AbortError/i.test(e));
    assert.deepEqual(errs, []);
  } finally { await b.close(); await srv.stop(); }
});
