// The game page's online extras (issue 13): the game's clock, the chat
// (players' and spectators' channels, quick messages), and "your turn"
// alerts (tab title, optional sound, browser notification). They sit in
// a panel of their own and follow the game through the API, beside the
// page's own code (game.js). Every text shown goes through textContent.
import { t, onLang, sideName, lang } from './i18n.js';
import './online.js';

const QUICK = ['hello', 'good-luck', 'well-played', 'thanks', 'oops', 'wait', 'hurry', 'bye'];
const pref = (k, d) => { try { const v = localStorage.getItem('m44.' + k); return v == null ? d : v === '1'; } catch { return d; } };
const setPref = (k, v) => { try { localStorage.setItem('m44.' + k, v ? '1' : '0'); } catch { /* ignore */ } };
const el = (tag, props = {}, ...kids) => { const e = Object.assign(document.createElement(tag), props); e.append(...kids); return e; };

function token() { return decodeURIComponent(location.hash.replace(/^#/, '')).split(',')[0] || ''; }

async function getJSON(url, opts) {
  const r = await fetch(url, opts);
  const d = await r.json().catch(() => null);
  if (!r.ok) { const e = new Error((d && d.error && d.error.message) || r.status); e.code = d && d.error && d.error.code; throw e; }
  return d;
}

export function startTable(game) {
  const box = el('aside', { id: 'table-box', className: 'table-box' });
  box.setAttribute('aria-label', 'online');
  const clock = el('div', { id: 'clock', className: 'clock', hidden: true });
  const pair = el('div', { id: 'two-ways', className: 'clock', hidden: true });
  const toggle = el('button', { type: 'button', id: 'chat-toggle', className: 'btn' });
  const badge = el('span', { id: 'chat-unread', className: 'badge', hidden: true });
  const panel = el('div', { id: 'chat', className: 'chat', hidden: true });
  const tabs = el('div', { className: 'chat-tabs', role: 'tablist' });
  const list = el('ol', { id: 'chat-list', className: 'chat-list' });
  list.setAttribute('aria-live', 'polite');
  const quick = el('div', { className: 'chat-quick' });
  const form = el('form', { className: 'chat-form' });
  const input = el('input', { id: 'chat-input', maxLength: 300, autocomplete: 'off' });
  const send = el('button', { type: 'submit', className: 'btn primary', id: 'chat-send' });
  const alerts = el('div', { className: 'chat-alerts' });
  const soundBox = el('input', { type: 'checkbox', id: 'alert-sound', checked: pref('sound', false) });
  const notifyBox = el('input', { type: 'checkbox', id: 'alert-notify', checked: pref('notify', false) && 'Notification' in window && Notification.permission === 'granted' });
  const soundLbl = el('label', {}, soundBox, el('span'));
  const notifyLbl = el('label', {}, notifyBox, el('span'));
  // Web Push (turn-based games): a notification even with the page closed.
  const pushBox = el('input', { type: 'checkbox', id: 'alert-push' });
  const pushLbl = el('label', { id: 'alert-push-label', hidden: true }, pushBox, el('span'));
  const pushMsg = el('p', { id: 'alert-push-msg', className: 'muted small', hidden: true });
  alerts.append(soundLbl, notifyLbl, pushLbl, pushMsg);
  form.append(input, send);
  panel.append(tabs, list, quick, form, alerts);
  toggle.append(el('span', { className: 'lbl' }), badge);
  box.append(pair, clock, toggle, panel);
  document.body.append(box);

  const st = { snap: null, channel: null, channels: [], since: {}, msgs: { players: [], spectators: [] }, unread: 0, mine: false, alerting: false, polling: {} };

  const words = () => {
    toggle.querySelector('.lbl').textContent = t('chat.title');
    send.textContent = t('chat.send');
    input.placeholder = t('chat.placeholder');
    input.setAttribute('aria-label', t('chat.placeholder'));
    soundLbl.lastChild.textContent = t('alert.sound');
    notifyLbl.lastChild.textContent = t('alert.notify');
    pushLbl.lastChild.textContent = t('alert.push');
    if (!pushMsg.hidden) pushMsg.textContent = t('alert.push.failed');
    quick.replaceChildren(...QUICK.map((q) => el('button', { type: 'button', className: 'btn ghost', textContent: t('chat.q.' + q), onclick: () => post({ quick: q }) })));
    renderTabs();
    renderList();
    renderClock();
  };

  function renderTabs() {
    tabs.replaceChildren(...st.channels.map((ch) => {
      const b = el('button', { type: 'button', className: 'tab' + (ch === st.channel ? ' on' : ''), textContent: t('chat.' + ch) });
      b.dataset.channel = ch;
      b.setAttribute('role', 'tab');
      b.setAttribute('aria-selected', String(ch === st.channel));
      b.onclick = () => { st.channel = ch; renderTabs(); renderList(); form.hidden = !canWrite(); };
      return b;
    }));
  }
  const canWrite = () => (st.channel === 'players') === !!(st.snap && st.snap.seat);

  function line(m) {
    const who = el('b', { textContent: m.from === 'spectator' ? t('chat.spectator') : /^(allies|axis)(-\d)?$/.test(m.from) ? sideName(m.side || m.from) : m.from });
    const text = el('span', { className: 'msg', textContent: m.quick ? t('chat.q.' + m.quick) : m.text });
    const li = el('li', {}, who, ': ', text);
    if (m.side) li.className = 'side-' + m.side;
    return li;
  }
  function renderList() {
    const ms = st.msgs[st.channel] || [];
    list.replaceChildren(...ms.map(line));
    list.scrollTop = list.scrollHeight;
  }

  async function post(body) {
    try {
      await getJSON(`/api/games/${encodeURIComponent(game)}/chat`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: st.channel === 'players' ? token() : undefined, channel: st.channel, ...body }) });
      input.value = '';
    } catch (e) {
      input.setCustomValidity(e.message); input.reportValidity(); setTimeout(() => input.setCustomValidity(''), 2000);
    }
  }
  form.onsubmit = (e) => { e.preventDefault(); if (input.value.trim()) post({ text: input.value }); };
  toggle.onclick = () => {
    panel.hidden = !panel.hidden;
    toggle.setAttribute('aria-expanded', String(!panel.hidden));
    if (!panel.hidden) { st.unread = 0; badge.hidden = true; input.focus(); }
  };
  soundBox.onchange = () => setPref('sound', soundBox.checked);
  notifyBox.onchange = async () => {
    if (notifyBox.checked && 'Notification' in window && Notification.permission !== 'granted') {
      const p = await Notification.requestPermission().catch(() => 'denied');
      if (p !== 'granted') notifyBox.checked = false;
    }
    setPref('notify', notifyBox.checked);
  };

  // Web Push: the browser subscribes with the server's key (its service
  // worker, /sw.js, shows the messages); the subscription is bound to this
  // seat, or to the signed-in account that holds it.
  const pushable = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  const b64u = (s) => { const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - s.length % 4) % 4)); return Uint8Array.from(b, (c) => c.charCodeAt(0)); };
  async function pushReg() {
    const reg = await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
    return reg;
  }
  async function pushOn() {
    if (Notification.permission !== 'granted' && await Notification.requestPermission().catch(() => 'denied') !== 'granted') throw new Error('denied');
    const reg = await pushReg();
    const { key } = await getJSON('/api/push/key');
    // A browser that cannot reach its push service may never answer.
    const within = (p, ms) => Promise.race([p, new Promise((_, no) => setTimeout(() => no(new Error('timeout')), ms))]);
    const sub = await reg.pushManager.getSubscription() || await within(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64u(key) }), 15000);
    await getJSON('/api/push/subscriptions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: sub.toJSON(), game, token: token(), lang: lang() }) });
  }
  async function pushOff() {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = reg && await reg.pushManager.getSubscription();
    if (sub) await getJSON('/api/push/subscriptions', { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ endpoint: sub.endpoint, game, token: token() }) });
  }
  pushBox.onchange = async () => {
    pushBox.disabled = true;
    pushMsg.hidden = true;
    try {
      if (pushBox.checked) await pushOn(); else await pushOff();
      setPref('push.' + game, pushBox.checked);
    } catch {
      pushBox.checked = false;
      setPref('push.' + game, false);
      pushMsg.textContent = t('alert.push.failed');
      pushMsg.hidden = false;
    }
    pushBox.disabled = false;
  };
  function showPush(snap) {
    const turnBased = !!(snap.clock && snap.clock.mode === 'turn' && snap.seat && !snap.over);
    pushLbl.hidden = !turnBased || !pushable();
    if (!pushLbl.hidden && !pushBox.disabled) pushBox.checked = pref('push.' + game, false) && Notification.permission === 'granted';
    if (!pushLbl.hidden) pushReg().catch(() => { pushLbl.hidden = true; }); // the worker is ready before it is needed
  }

  async function poll(ch) {
    if (st.polling[ch]) return;
    st.polling[ch] = true;
    let wait = 0;
    for (;;) {
      try {
        const tok = ch === 'players' ? `&token=${encodeURIComponent(token())}` : '';
        const r = await getJSON(`/api/games/${encodeURIComponent(game)}/chat?channel=${ch}&since=${st.since[ch] || 0}&wait=${wait}${tok}`);
        for (const m of r.messages || []) {
          st.msgs[ch].push(m);
          st.since[ch] = m.n;
          if (wait && (panel.hidden || ch !== st.channel)) { st.unread++; badge.textContent = String(st.unread); badge.hidden = false; }
        }
        if (ch === st.channel) renderList();
        wait = 25;
      } catch {
        await new Promise((res) => setTimeout(res, 3000));
      }
    }
  }

  // "Two ways": the pair's medals, and the way to the second game.
  let pairKey = '';
  async function twoWays(snap) {
    if (!snap.leg) { pair.hidden = true; return; } // not a game played "two ways"
    const key = `${snap.over}:${snap.view && snap.view.medals ? JSON.stringify(snap.view.medals) : ''}`;
    if (key === pairKey) return;
    pairKey = key;
    try {
      const r = await getJSON(`/api/games/${encodeURIComponent(game)}/two-ways`);
      const p = r && r.two_ways;
      if (!p) { pair.hidden = true; return; }
      const leg = game.endsWith('-2') ? 2 : 1;
      const meFirst = snap.seat ? (leg === 1 ? snap.seat : p.players.find((x) => x.second_seat === snap.seat).seat) : null;
      const kids = [el('span', { className: 'clock-mode', textContent: t('twoways.leg', { leg }) })];
      for (const x of p.players) {
        const s = el('span', { className: 'clock-seat' + (x.seat === meFirst ? ' running' : ''), textContent: t('twoways.medals', { side: sideName(x.seat), medals: x.medals }) });
        s.dataset.seat = x.seat;
        kids.push(s);
      }
      if (leg === 1 && p.legs.length === 2) {
        const a = el('a', { id: 'second-leg', className: 'btn primary', textContent: t('twoways.next'), href: `/play/${encodeURIComponent(p.legs[1].game)}${location.hash}` });
        kids.push(a);
      }
      pair.replaceChildren(...kids);
      pair.hidden = false;
    } catch { pair.hidden = true; }
  }

  // The clock: counted down locally from the server's deadline.
  let skew = 0;
  function fmt(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (d) return `${d}${t('clock.d')} ${h}${t('clock.h')}`;
    if (h) return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
    return `${m}:${String(sec).padStart(2, '0')}`;
  }
  function renderClock() {
    const c = st.snap && st.snap.clock;
    if (!c) { clock.hidden = true; return; }
    clock.hidden = false;
    const now = Date.now() + skew;
    const parts = Object.entries(c.left_ms || {}).map(([seat, left]) => {
      const running = c.running === seat && c.deadline;
      const ms = running ? Date.parse(c.deadline) - now : left;
      const side = seat.replace(/-\d$/, '');
      const s = el('span', { className: 'clock-seat' + (running ? ' running' : '') + (ms < 30000 && running ? ' low' : ''), textContent: `${sideName(side)} ${fmt(ms)}` });
      s.dataset.seat = seat;
      return s;
    });
    clock.replaceChildren(el('span', { className: 'clock-mode', textContent: t(c.mode === 'turn' ? 'clock.turn' : 'clock.realtime') }), ...parts);
  }
  setInterval(renderClock, 1000);

  // "Your turn": the tab's title, a sound, a notification, when the page
  // is not in front.
  // The page's own code sets the title as it draws: the mark is put back
  // on each change while the alert lasts.
  const mark = () => `▶ ${t('alert.title')} · `;
  const markTitle = () => { if (st.alerting && !document.title.startsWith('▶')) document.title = mark() + document.title; };
  const titleWatch = new MutationObserver(markTitle);
  const titleEl = () => document.querySelector('title') || document.head.appendChild(document.createElement('title'));
  titleWatch.observe(titleEl(), { childList: true, characterData: true, subtree: true });
  function yourTurn() {
    if (!document.hidden) return;
    st.alerting = true;
    markTitle();
    if (soundBox.checked) beep();
    if (notifyBox.checked && 'Notification' in window && Notification.permission === 'granted') {
      try { new Notification(t('alert.title'), { body: (st.snap.scenario && st.snap.scenario.name) || 'm44', tag: 'm44-' + game }); } catch { /* ignore */ }
    }
  }
  const unmark = () => { if (!st.alerting) return; st.alerting = false; if (document.title.startsWith(mark())) document.title = document.title.slice(mark().length); };
  document.addEventListener('visibilitychange', () => { if (!document.hidden) unmark(); });
  window.addEventListener('focus', unmark);
  function beep() {
    try {
      const ac = new (window.AudioContext || window.webkitAudioContext)();
      const o = ac.createOscillator(), g = ac.createGain();
      o.frequency.value = 660; g.gain.value = 0.08;
      o.connect(g); g.connect(ac.destination); o.start(); o.stop(ac.currentTime + 0.25);
    } catch { /* no audio */ }
  }

  // apply takes in a snapshot of the game: the one the game page shows
  // (its m44:snapshot event, no request of its own), or one fetched.
  function apply(snap) {
    {
      const was = st.mine;
      st.snap = snap;
      st.mine = !!snap.your_turn;
      if (snap.clock && snap.clock.now) skew = Date.parse(snap.clock.now) - Date.now();
      const chans = snap.seat ? ['players', 'spectators'] : ['spectators'];
      if (chans.join() !== st.channels.join()) {
        st.channels = chans;
        if (!chans.includes(st.channel)) st.channel = chans[0];
        renderTabs();
        form.hidden = !canWrite();
        for (const ch of chans) poll(ch);
      }
      renderClock();
      twoWays(snap);
      if (!st.pushShown) { st.pushShown = true; showPush(snap); }
      if (st.mine && !was) yourTurn();
      if (!st.mine) unmark();
      box.dataset.mine = st.mine ? 'yes' : 'no';
    }
  }
  let fetching = false, again = false;
  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const tok = token();
      apply(await getJSON(`/api/games/${encodeURIComponent(game)}${tok ? `?token=${encodeURIComponent(tok)}` : ''}`));
    } catch { /* the page shows errors */ }
    fetching = false;
    if (again) { again = false; refresh(); }
  }
  // The game page hands over every snapshot it shows (game.js show()).
  window.addEventListener('m44:snapshot', (e) => apply(e.detail));
  setInterval(refresh, 15000);
  window.addEventListener('hashchange', () => { st.channels = []; refresh(); });
  onLang(words);
  words();
  setTimeout(() => { if (!st.snap) refresh(); }, 3000); // no game page: ask for itself
}
