// The lobby of games (issue 13): open a table (scenario chosen in the
// lobby, side, clock, rated), "any opponent", the open tables to join, the
// live games to watch, and the leaderboard. Text goes through textContent.
import { t, has, onLang, lang, sideName } from './i18n.js';
import { store } from './api.js';
import { account, onAccount, bindSeats } from './accounts.js';
import { toast, errorText } from './ui.js';
import './online.js';

const el = (tag, props = {}, ...kids) => { const e = Object.assign(document.createElement(tag), props); e.append(...kids); return e; };
const CLOCKS = {
  none: null,
  'rt-10': { mode: 'realtime', reserve: 600 },
  'rt-30': { mode: 'realtime', reserve: 1800 },
  'turn-1d': { mode: 'turn', per_move: 86400 },
  'turn-3d': { mode: 'turn', per_move: 3 * 86400 },
};

async function call(method, path, body) {
  const r = await fetch(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const d = await r.json().catch(() => null);
  if (!r.ok) { const e = new Error((d && d.error && d.error.message) || String(r.status)); e.code = d && d.error && d.error.code; throw e; }
  return d;
}

function selectedScenario() {
  const s = document.querySelector('#scn-list .scn-item.selected');
  return s ? { id: s.dataset.id, name: (s.querySelector('.scn-name') || s).textContent.trim() } : null;
}

// levelName is a computer opponent's level in words (level.* keys).
const levelName = (l) => (has('level.' + l) ? t('level.' + l) : l);

function mine() { return Object.keys(store.all()); }

function remember(game, seat, token, name) {
  store.put(game, { tokens: { [seat]: token }, links: {}, hotseat: false, current: token, name });
}

function clockText(c) {
  if (!c) return t('tables.clock.none');
  if (c.mode === 'turn') return t('tables.clock.turn', { days: Math.round(c.per_move / 86400 * 10) / 10 });
  return t('tables.clock.realtime', { minutes: Math.round(c.reserve / 60) });
}

export function mountTables(panel) {
  const sec = el('section', { id: 'tables', className: 'tables' });
  panel.append(sec);
  const form = el('div', { className: 'table-form' });
  const side = el('select', { id: 'table-side' });
  const clock = el('select', { id: 'table-clock' });
  const timeout = el('select', { id: 'table-timeout' });
  const rated = el('input', { type: 'checkbox', id: 'table-rated' });
  const twoWays = el('input', { type: 'checkbox', id: 'table-two-ways' });
  const open = el('button', { type: 'button', className: 'btn', id: 'open-table' });
  const auto = el('button', { type: 'button', className: 'btn', id: 'any-opponent' });
  const openList = el('ul', { id: 'open-tables', className: 'table-list' });
  const liveList = el('ul', { id: 'live-games', className: 'table-list' });
  const board = el('ol', { id: 'leaderboard', className: 'table-list' });
  const h = { tables: el('h2'), open: el('h3'), live: el('h3'), board: el('h3'), side: el('span'), clock: el('span'), timeout: el('span'), rated: el('span'), twoWays: el('span') };
  form.append(el('label', {}, h.side, ' ', side), el('label', {}, h.clock, ' ', clock), el('label', {}, h.timeout, ' ', timeout),
    el('label', { id: 'rated-label' }, rated, ' ', h.rated), el('label', {}, twoWays, ' ', h.twoWays), el('div', { className: 'row' }, open, auto));
  sec.append(h.tables, form, h.open, openList, h.live, liveList, h.board, board);

  const words = () => {
    h.tables.textContent = t('tables.title'); h.open.textContent = t('tables.open'); h.live.textContent = t('tables.live');
    h.board.textContent = t('tables.leaderboard'); h.side.textContent = t('tables.side'); h.clock.textContent = t('tables.clock');
    h.timeout.textContent = t('tables.timeout'); h.rated.textContent = t('tables.rated'); h.twoWays.textContent = t('tables.two-ways');
    open.textContent = t('tables.open-btn'); auto.textContent = t('tables.any');
    const keep = [side.value, clock.value, timeout.value];
    side.replaceChildren(...['allies', 'axis'].map((s) => el('option', { value: s, textContent: sideName(s) })));
    clock.replaceChildren(...Object.keys(CLOCKS).map((k) => el('option', { value: k, textContent: clockText(CLOCKS[k]) })));
    timeout.replaceChildren(el('option', { value: 'lose', textContent: t('tables.timeout.lose') }), el('option', { value: 'bot', textContent: t('tables.timeout.bot') }));
    if (keep[0]) [side.value, clock.value, timeout.value] = keep;
    refresh();
  };
  const clockOf = () => { const c = CLOCKS[clock.value]; return c ? { ...c, on_timeout: timeout.value } : undefined; };

  open.onclick = async () => {
    const sc = selectedScenario();
    if (!sc) return;
    const me = side.value, other = me === 'allies' ? 'axis' : 'allies';
    try {
      const res = await call('POST', '/api/games', { scenario: sc.id, seats: { allies: 'human', axis: 'human' }, open: [other], lang: lang(), clock: clockOf(), rated: !!(account() && rated.checked), two_ways: twoWays.checked });
      remember(res.game, me, res.tokens[me], sc.name);
      await bindSeats(res.game, [res.tokens[me]]);
      location.assign(res.links[me]);
    } catch (e) { toast(errorText(e.code, e.message), 'error'); }
  };
  auto.onclick = async () => {
    const sc = selectedScenario();
    try {
      const res = await call('POST', '/api/tables/auto', { scenario: sc ? sc.id : undefined, avoid: mine(), lang: lang(), clock: clockOf() });
      remember(res.game, res.seat, res.token, sc ? sc.name : '');
      location.assign(res.link);
    } catch (e) { toast(errorText(e.code, e.message), 'error'); }
  };

  function seatLine(g) {
    return g.seats.map((s) => `${sideName(s.side)}: ${s.open ? t('tables.free') : s.player ? `${s.player} (${s.rating})` : s.kind.startsWith('bot:') ? t('tables.bot', { level: levelName(s.kind.slice(4)) }) : t('tables.guest')}`).join(' · ');
  }
  function item(g, action) {
    const li = el('li');
    li.dataset.game = g.game;
    const b = el('button', { type: 'button', className: 'btn ghost', textContent: action.label });
    b.dataset.game = g.game;
    b.onclick = action.go;
    li.append(el('b', { textContent: g.name }), ' ', el('span', { className: 'muted', textContent: `${seatLine(g)} · ${clockText(g.clock)}${g.rated ? ' · ' + t('tables.rated') : ''}` }), ' ', b);
    return li;
  }
  async function refresh() {
    try {
      const r = await call('GET', `/api/tables?lang=${encodeURIComponent(lang())}`);
      const own = new Set(mine());
      openList.replaceChildren(...r.open.map((g) => item(g, own.has(g.game)
        ? { label: t('tables.yours'), go: () => { const rec = store.get(g.game) || {}; location.assign(`/play/${encodeURIComponent(g.game)}#${Object.values(rec.tokens || {}).join(',')}`); } }
        : { label: t('tables.join'), go: async () => {
          try {
            const j = await call('POST', `/api/games/${encodeURIComponent(g.game)}/join`, {});
            remember(j.game, j.seat, j.token, g.name);
            location.assign(j.link);
          } catch (e) { toast(errorText(e.code, e.message), 'error'); refresh(); }
        } })));
      if (!r.open.length) openList.replaceChildren(el('li', { className: 'muted', textContent: t('tables.none') }));
      liveList.replaceChildren(...r.live.slice(0, 20).map((g) => item(g, { label: t('tables.watch'), go: () => location.assign(`/play/${encodeURIComponent(g.game)}`) })));
      if (!r.live.length) liveList.replaceChildren(el('li', { className: 'muted', textContent: t('tables.none') }));
      const lb = await call('GET', '/api/leaderboard');
      const rows = [...lb.players.map((p) => ({ name: p.name, rating: p.rating, games: p.rated_games })), ...lb.bots.map((b) => ({ name: t('tables.bot', { level: levelName(b.level) }), rating: b.rating, bot: true }))]
        .sort((a, b) => b.rating - a.rating);
      board.replaceChildren(...rows.map((p) => el('li', { className: p.bot ? 'bot' : '', textContent: `${p.name} — ${Math.round(p.rating)}${p.bot ? '' : ' · ' + t('tables.games', { count: p.games })}` })));
    } catch { /* the lobby works without */ }
  }
  onLang(words);
  onAccount((a) => { document.getElementById('rated-label').hidden = !a; });
  document.getElementById('rated-label').hidden = !account();
  words();
  setInterval(refresh, 5000);
}
