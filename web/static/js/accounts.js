// Optional accounts (issue 13): the lobby's sign-in box, the account's
// battles on any device, and binding the seats this browser holds to the
// signed-in account. Everything shown is escaped.
import { t, onLang, lang, sideName } from './i18n.js';
import { esc } from './svg.js';
import { toast, errorText } from './ui.js';
import './online.js';

async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, { method, credentials: 'same-origin', headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  } catch (e) {
    const err = new Error(String(e && e.message)); err.code = 'network'; throw err;
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = (data && data.error) || {};
    const err = new Error(e.message || String(res.status)); err.code = e.code || 'http_' + res.status; err.status = res.status; throw err;
  }
  return data;
}

export const accountApi = {
  me: () => call('GET', '/api/me'),
  signUp: (name, password) => call('POST', '/api/accounts', { name, password }),
  signIn: (name, password) => call('POST', '/api/session', { name, password }),
  signOut: () => call('DELETE', '/api/session'),
  bind: (game, token) => call('POST', '/api/me/seats', { game, token }),
  games: () => call('GET', `/api/me/games?lang=${encodeURIComponent(lang())}`),
  token: (game, seat) => call('POST', `/api/me/games/${encodeURIComponent(game)}/token`, { seat }),
};

let current = null; // the signed-in account, or null
const listeners = new Set();
function setAccount(a) { current = a || null; for (const f of listeners) f(current); }
export function account() { return current; }
export function onAccount(f) { listeners.add(f); return () => listeners.delete(f); }

let loaded = null;
export function loadAccount() {
  if (!loaded) loaded = accountApi.me().then((r) => { setAccount(r && r.account); return current; }).catch(() => null);
  return loaded;
}

// bindSeats binds the seats of tokens (this browser's) to the signed-in
// account, quietly: a seat of another account, or no account, is left.
export async function bindSeats(game, tokens) {
  if (!(await loadAccount())) return;
  for (const tok of tokens) {
    if (!/^[0-9a-f]{32}$/.test(tok)) continue;
    try { await accountApi.bind(game, tok); } catch { /* not ours to bind */ }
  }
}

// seatWords names a seat ("axis-2" → "Axis 2") in the language.
function seatWords(seat) {
  const m = /^(allies|axis)(?:-(\d))?$/.exec(seat || '');
  return m ? sideName(m[1]) + (m[2] ? ' ' + m[2] : '') : seat || '';
}

// mountAccount puts the sign-in box into the lobby's top bar and the
// account's battles under "Your battles".
export function mountAccount(topbar, panel) {
  const box = document.createElement('div');
  box.className = 'account-box';
  box.id = 'account';
  topbar.insertBefore(box, topbar.lastElementChild);
  const games = document.createElement('div');
  games.id = 'account-games';
  games.className = 'mine';
  games.hidden = true;
  panel.append(games);
  const render = async () => {
    const a = current;
    if (!a) {
      box.innerHTML = `<button type="button" class="btn ghost" id="sign-in">${esc(t('acct.signin'))}</button>`;
      games.hidden = true;
      return;
    }
    box.innerHTML = `<span class="acct-name" id="acct-name"></span> <button type="button" class="btn ghost" id="sign-out">${esc(t('acct.signout'))}</button>`;
    box.querySelector('#acct-name').textContent = t('acct.as', { name: a.name, rating: Math.round(a.rating) });
    try {
      const r = await accountApi.games();
      const list = (r && r.games) || [];
      games.hidden = !list.length;
      games.innerHTML = `<h2>${esc(t('acct.games'))}</h2><ul>${list.slice(0, 20).map((g) => `<li><a href="#" data-game="${esc(g.game)}" data-seat="${esc(g.seat)}">${esc(g.name || g.scenario)}</a> <span class="muted">${esc(seatWords(g.seat))} · ${esc(g.over ? t('acct.over') : g.your_turn ? t('acct.yourturn') : t('acct.live'))}</span></li>`).join('')}</ul>`;
    } catch { games.hidden = true; }
  };
  box.addEventListener('click', async (e) => {
    if (e.target.closest('#sign-in')) showDialog();
    if (e.target.closest('#sign-out')) { try { await accountApi.signOut(); } catch { /* ignore */ } setAccount(null); }
  });
  games.addEventListener('click', async (e) => {
    const l = e.target.closest('[data-game]');
    if (!l) return;
    e.preventDefault();
    try {
      const r = await accountApi.token(l.dataset.game, l.dataset.seat);
      location.assign(r.link);
    } catch (err) { toast(errorText(err.code, err.message), 'error'); }
  });
  onAccount(render);
  onLang(render);
  render();
  loadAccount();
}

function showDialog() {
  const ov = document.createElement('div');
  ov.className = 'overlay';
  ov.innerHTML = `<form class="dialog" id="acct-dialog" role="dialog" aria-modal="true" aria-labelledby="acct-title">
    <h2 id="acct-title">${esc(t('acct.title'))}</h2><p>${esc(t('acct.why'))}</p>
    <p><label>${esc(t('acct.name'))}<br><input id="acct-user" name="username" autocomplete="username" required minlength="2" maxlength="24"></label></p>
    <p><label>${esc(t('acct.password'))}<br><input id="acct-pass" type="password" name="password" autocomplete="current-password" required minlength="8" maxlength="128"></label></p>
    <p class="upload-msg bad" id="acct-msg" role="status"></p>
    <div class="dialog-buttons"><button class="btn primary" id="acct-in" type="submit">${esc(t('acct.signin'))}</button>
    <button class="btn" id="acct-up" type="button">${esc(t('acct.signup'))}</button>
    <button class="btn ghost" id="acct-cancel" type="button">${esc(t('btn.cancel'))}</button></div></form>`;
  document.body.append(ov);
  const f = ov.querySelector('form');
  const go = async (up) => {
    const name = f.querySelector('#acct-user').value.trim(), pw = f.querySelector('#acct-pass').value;
    try {
      const r = up ? await accountApi.signUp(name, pw) : await accountApi.signIn(name, pw);
      ov.remove();
      setAccount(r.account);
      toast(t('acct.welcome', { name: r.account.name }));
    } catch (err) {
      f.querySelector('#acct-msg').textContent = errorText(err.code, err.message);
    }
  };
  f.addEventListener('submit', (e) => { e.preventDefault(); go(false); });
  f.querySelector('#acct-up').addEventListener('click', () => { if (f.reportValidity()) go(true); });
  f.querySelector('#acct-cancel').addEventListener('click', () => ov.remove());
  f.querySelector('#acct-user').focus();
}
