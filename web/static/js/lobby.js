// The lobby: choose a scenario (or upload one), a mode, and start a battle.
import { api, store } from './api.js';
import { t, has, onLang, applyDom, sideName, lang, rowName } from './i18n.js';
import { esc } from './svg.js';
import { langSelect, toast, errorText } from './ui.js';
import { reachNote } from './online.js';
import { mountAccount, bindSeats } from './accounts.js';
import { mountTables } from './lobbytables.js';
import { briefingHtml } from './briefing.js';

const $ = (sel, root = document) => root.querySelector(sel);
const LEVELS = ['random', 'easy', 'medium', 'hard'];

export function startLobby(root) {
  const l = new Lobby(root);
  l.start();
  return l;
}

class Lobby {
  constructor(root) {
    this.root = root;
    this.list = [];
    this.sel = null;
    this.detail = {};
    this.filter = '';
    this.mode = 'bot';
    this.side = 'allies';
    this.level = 'medium';
    this.team = { allies: 2, axis: 2 };
    // The young players' variant (rulebook annex 5): off, or the stage of
    // tactic cards brought back (0 none … 3 all), with or without take ground.
    this.young = 'off';
    this.youngNoTG = false;
    this.seatKinds = {};
  }

  async start() {
    this.root.innerHTML = layout();
    $('#lang-slot', this.root).replaceWith(langSelect());
    mountAccount($('.topbar', this.root), $('.setup-panel', this.root));
    mountTables($('.setup-panel', this.root));
    applyDom(this.root);
    onLang(() => { applyDom(this.root); this.renderList(); this.renderDetail(); this.renderSetup(); this.renderMine(); });
    $('#search', this.root).addEventListener('input', (e) => { this.filter = e.target.value.toLowerCase(); this.renderList(); });
    $('#upload', this.root).addEventListener('change', (e) => this.upload(e.target.files[0]));
    $('#scn-list', this.root).addEventListener('click', (e) => {
      const b = e.target.closest('[data-id]');
      if (b) this.select(b.dataset.id);
    });
    $('#scn-list', this.root).addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      const items = [...this.root.querySelectorAll('#scn-list [data-id]')];
      const i = items.indexOf(document.activeElement);
      const n = items[Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))];
      if (n) { e.preventDefault(); n.focus(); this.select(n.dataset.id); }
    });
    this.renderSetup();
    this.renderMine();
    $('#scn-list', this.root).innerHTML = `<li class="muted">${esc(t('lobby.loading'))}</li>`;
    try {
      this.list = await api.scenarios() || [];
    } catch (e) {
      toast(errorText(e.code, e.message), 'error');
      this.list = [];
    }
    this.renderList();
    const want = new URLSearchParams(location.search).get('scenario');
    const first = this.list.find((s) => s.id === want) || this.list[0];
    if (first) this.select(first.id);
  }

  renderList() {
    const ul = $('#scn-list', this.root);
    const items = this.list.filter((s) => !this.filter || `${s.name} ${s.date || ''} ${s.front || ''} ${s.id}`.toLowerCase().includes(this.filter));
    if (!items.length) { ul.innerHTML = `<li class="muted">${esc(this.list.length ? t('lobby.none') : t('lobby.loading'))}</li>`; return; }
    ul.innerHTML = items.map((s) => `<li><button type="button" class="scn-item${s.id === this.sel ? ' selected' : ''}" data-id="${esc(s.id)}" aria-pressed="${s.id === this.sel}">
      <span class="scn-title">${esc(s.name || s.id)}</span><span class="scn-meta">${esc([s.date, frontName(s.front)].filter(Boolean).join(' · '))}</span></button></li>`).join('');
  }

  async select(id) {
    this.sel = id;
    this.renderList();
    this.renderDetail();
    const start = $('#start', this.root);
    if (start) start.disabled = false;
    if (!this.detail[id]) {
      try {
        this.detail[id] = await api.scenario(id);
      } catch (e) {
        this.detail[id] = { error: errorText(e.code, e.message) };
      }
      if (this.sel === id) this.renderDetail();
    }
  }

  entry() { return this.list.find((s) => s.id === this.sel) || null; }

  renderDetail() {
    const box = $('#scn-detail', this.root);
    const s = this.entry();
    if (!s) { box.innerHTML = ''; return; }
    const d = this.detail[s.id] || {};
    const per = (o, side) => (o && typeof o === 'object' ? (o[side] ?? '') : '');
    const rows = ['allies', 'axis'].map((side) => `<tr><th scope="row">${esc(sideName(side))}</th><td>${esc(per(s.cards, side))}</td><td>${esc(per(s.medals, side))}</td><td>${esc(nations(per(s.sides, side)))}</td></tr>`).join('');
    const first = s.sides ? ['allies', 'axis'].find((sd) => s.sides[sd] && s.sides[sd].first) : null;
    // The key to the preview's symbols: open beside a wide board, folded
    // on a phone (it would push the scenario's words down).
    if (this.legendOpen == null) this.legendOpen = !matchMedia('(max-width: 760px)').matches;
    const legend = (d.legend || []).length ? `<details class="legend"${this.legendOpen ? ' open' : ''}><summary>${esc(t('legend.title'))}</summary><ul class="legend-list">${d.legend.map((it) => `<li data-key="${esc(it.key)}"><span class="legend-sym" aria-hidden="true">${it.svg}</span><span>${esc(legendText(it))}</span></li>`).join('')}</ul></details>` : '';
    box.innerHTML = `<div class="preview">${d.svg ? d.svg : d.error ? `<p class="muted">${esc(d.error)}</p>` : '<div class="preview-wait"></div>'}</div>${legend}
      <h2 class="scn-h">${esc(s.name || s.id)}</h2>${s.subtitle ? `<p class="scn-subtitle">${esc(s.subtitle)}</p>` : ''}
      <p class="scn-sub">${esc([s.date, s.front && t('lobby.labeled', { label: t('lobby.front'), value: frontName(s.front) }), boardName(s.board) && t('lobby.labeled', { label: t('lobby.board'), value: boardName(s.board) })].filter(Boolean).join(' · '))}</p>
      <table class="scn-table"><thead><tr><th></th><th>${esc(t('lobby.cards'))}</th><th>${esc(t('lobby.victory'))}</th><th></th></tr></thead><tbody>${rows}</tbody></table>
      ${first ? `<p class="scn-first">${esc(t('lobby.first', { side: sideName(first) }))}</p>` : ''}
      ${s.note ? `<p class="scn-note">${esc(s.note)}</p>` : ''}
      ${d.briefing ? `<details class="scn-brief"><summary>${esc(t('brief.victory'))} · ${esc(t('brief.rules'))}</summary><div class="brief-body">${briefingHtml(d.briefing)}</div></details>` : ''}`;
    const det = box.querySelector('details.legend');
    if (det) det.ontoggle = () => { this.legendOpen = det.open; };
    const svg = box.querySelector('.preview svg');
    if (svg) { svg.removeAttribute('width'); svg.removeAttribute('height'); svg.setAttribute('role', 'img'); }
  }

  renderSetup() {
    const box = $('#setup', this.root);
    const modes = ['bot', 'hotseat', 'online', 'team'];
    const radio = (name, val, cur, label) => `<label class="opt${val === cur ? ' on' : ''}"><input type="radio" name="${name}" value="${val}"${val === cur ? ' checked' : ''}> <span>${esc(label)}</span></label>`;
    let html = `<fieldset><legend>${esc(t('lobby.mode'))}</legend><div class="opts modes">${modes.map((m) => radio('mode', m, this.mode, t('lobby.mode.' + m))).join('')}</div></fieldset>`;
    if (this.mode === 'bot' || this.mode === 'online') {
      html += `<fieldset><legend>${esc(t('lobby.side'))}</legend><div class="opts">${['allies', 'axis'].map((sd) => radio('side', sd, this.side, sideName(sd))).join('')}</div></fieldset>`;
    }
    if (this.mode === 'bot') {
      html += `<fieldset><legend>${esc(t('lobby.level'))}</legend><div class="opts">${LEVELS.map((l) => radio('level', l, this.level, t('level.' + l))).join('')}</div></fieldset>`;
    }
    if (this.mode === 'team') {
      html += `<fieldset><legend>${esc(t('lobby.players'))}</legend>`;
      for (const side of ['allies', 'axis']) {
        html += `<div class="team-size"><span>${esc(t('lobby.team.size', { side: sideName(side) }))}</span>${[1, 2].map((n) => `<label class="opt small${this.team[side] === n ? ' on' : ''}"><input type="radio" name="team-${side}" value="${n}"${this.team[side] === n ? ' checked' : ''}> ${n}</label>`).join('')}</div>`;
      }
      html += '<div class="seats">';
      for (const seat of this.teamSeats()) {
        const cur = this.seatKind(seat);
        const opts = [['me', t('lobby.seat.me')], ['friend', t('lobby.seat.friend')], ['here', t('lobby.seat.here')], ...LEVELS.map((l) => ['bot:' + l, t('lobby.seat.bot', { level: t('level.' + l) })])];
        html += `<label class="seat-row"><span>${esc(seatName(seat))}</span><select data-seat="${seat}">${opts.map(([v, l]) => `<option value="${v}"${v === cur ? ' selected' : ''}>${esc(l)}</option>`).join('')}</select></label>`;
      }
      html += `</div><p class="muted small" id="team-unrated">${esc(t('tables.team-unrated'))}</p></fieldset>`;
    }
    const stages = ['off', '0', '1', '2', '3'];
    // The cards the rulebook names: the simplest to bring back first, the most complex last.
    const YOUNG_CARDS = { 1: { a: t('card.direct-from-hq'), b: t('card.dig-in') }, 2: { a: t('card.behind-enemy-lines'), b: t('card.their-finest-hour') } };
    html += `<fieldset class="young"><legend>${esc(t('lobby.young'))}</legend><label class="seat-row"><select id="young" aria-label="${esc(t('lobby.young'))}">${stages.map((v) => `<option value="${v}"${v === this.young ? ' selected' : ''}>${esc(t('lobby.young.' + v, YOUNG_CARDS[v] || {}))}</option>`).join('')}</select></label>`;
    if (this.young !== 'off') html += `<label class="opt small${this.youngNoTG ? ' on' : ''}"><input type="checkbox" id="young-notg"${this.youngNoTG ? ' checked' : ''}> <span>${esc(t('lobby.young.notg'))}</span></label>`;
    html += '</fieldset>';
    html += `<button type="button" id="start" class="btn primary big"${this.sel ? '' : ' disabled'}>${esc(t('lobby.start'))}</button>`;
    box.innerHTML = html;
    box.onchange = (e) => {
      const el = e.target;
      if (el.name === 'mode') this.mode = el.value;
      else if (el.name === 'side') this.side = el.value;
      else if (el.name === 'level') this.level = el.value;
      else if (el.name && el.name.startsWith('team-')) this.team[el.name.slice(5)] = Number(el.value);
      else if (el.dataset.seat) this.seatKinds[el.dataset.seat] = el.value;
      else if (el.id === 'young') this.young = el.value;
      else if (el.id === 'young-notg') this.youngNoTG = el.checked;
      this.renderSetup();
      const again = el.id ? box.querySelector('#' + el.id) : box.querySelector(`[name="${el.name}"][value="${el.value}"]`) || box.querySelector(`[data-seat="${el.dataset.seat}"]`);
      if (again) again.focus();
    };
    $('#start', box).onclick = () => this.create();
  }

  teamSeats() {
    const out = [];
    for (const side of ['allies', 'axis']) {
      const n = this.team[side];
      if (n === 1) out.push(side); else for (let i = 1; i <= n; i++) out.push(`${side}-${i}`);
    }
    return out;
  }

  seatKind(seat) {
    if (this.seatKinds[seat]) return this.seatKinds[seat];
    const seats = this.teamSeats();
    return seat === seats[0] ? 'me' : 'friend';
  }

  async create() {
    const s = this.entry();
    if (!s) return;
    const other = this.side === 'allies' ? 'axis' : 'allies';
    let req, mine = [], friends = [];
    switch (this.mode) {
      case 'bot':
        req = { seats: { [this.side]: 'human', [other]: 'bot:' + this.level } };
        mine = [this.side];
        break;
      case 'hotseat':
        req = { seats: { allies: 'human', axis: 'human' }, hotseat: true };
        mine = ['allies', 'axis'];
        break;
      case 'online':
        req = { seats: { [this.side]: 'human', [other]: 'human' } };
        mine = [this.side];
        friends = [other];
        break;
      default: {
        const seats = {};
        for (const seat of this.teamSeats()) {
          const k = this.seatKind(seat);
          seats[seat] = k.startsWith('bot:') ? k : 'human';
          if (k === 'me') mine.unshift(seat);
          else if (k === 'here') mine.push(seat);
          else if (k === 'friend') friends.push(seat);
        }
        if (!mine.length) { toast(t('lobby.seat.me') + '?', 'error'); return; }
        req = { seats, players: { allies: this.team.allies, axis: this.team.axis }, hotseat: mine.length > 1 };
      }
    }
    req.scenario = s.id;
    req.lang = lang();
    if (this.young !== 'off') req.young = { stage: Number(this.young), no_take_ground: this.youngNoTG };
    const btn = $('#start', this.root);
    btn.disabled = true;
    try {
      const res = await api.createGame(req);
      const tokens = {}, links = {};
      for (const seat of mine) if (res.tokens && res.tokens[seat]) tokens[seat] = res.tokens[seat];
      for (const seat of friends) if (res.links && res.links[seat]) links[seat] = (res.urls && res.urls[seat]) || res.links[seat];
      store.put(res.game, { tokens, links, hotseat: mine.length > 1, current: tokens[mine[0]], name: s.name });
      await bindSeats(res.game, Object.values(tokens));
      const url = `/play/${encodeURIComponent(res.game)}#${mine.map((m) => tokens[m]).filter(Boolean).join(',')}`;
      if (friends.length) this.showInvites(url, friends, links, res);
      else location.assign(url);
    } catch (e) {
      toast(errorText(e.code, e.message), 'error');
    } finally {
      btn.disabled = false;
    }
  }

  showInvites(url, friends, links, res) {
    const ov = $('#overlay', this.root);
    ov.hidden = false;
    ov.innerHTML = `<div class="dialog wide" role="dialog" aria-modal="true" aria-labelledby="inv-title"><h2 id="inv-title">${esc(t('lobby.invites'))}</h2><p>${esc(t('lobby.invites.text'))}</p>
      ${friends.map((seat) => { const u = new URL(links[seat], location.origin).href; return `<div class="invite-row"><span class="seat-label">${esc(seatName(seat))}</span><input readonly value="${esc(u)}" aria-label="${esc(seatName(seat))}"><button type="button" class="btn" data-copy="${esc(u)}">${esc(t('btn.copy'))}</button></div>`; }).join('')}
      ${reachNote(res, t)}
      <div class="dialog-buttons"><a class="btn primary big" id="enter" href="${esc(url)}">${esc(t('lobby.go'))}</a></div></div>`;
    ov.onclick = async (e) => {
      const b = e.target.closest('[data-copy]');
      if (!b) return;
      try { await navigator.clipboard.writeText(b.dataset.copy); } catch { b.previousElementSibling.select(); document.execCommand('copy'); }
      b.textContent = t('btn.copied');
    };
    $('#enter', ov).focus();
  }

  async upload(file) {
    if (!file) return;
    const msg = $('#upload-msg', this.root);
    msg.textContent = '';
    msg.className = 'upload-msg';
    try {
      const text = await file.text();
      const res = await api.upload(text);
      msg.textContent = t('lobby.upload.ok', { name: res.name || res.id });
      msg.classList.add('ok');
      this.list = await api.scenarios();
      this.renderList();
      this.select(res.id);
    } catch (e) {
      msg.classList.add('bad');
      // Each problem once (the server groups a feature's hexes), in words.
      const probs = [...new Set((e.problems || []).map((p) => {
        if (typeof p === 'string') return p;
        if (p.line) return t('upload.syntax', { line: p.line, column: p.column, message: String(p.message || '').replace(/^JSON syntax error: /, '') });
        if (p.feature) return p.count > 1 ? t('upload.feature.hexes', { feature: p.feature, count: p.count }) : t('upload.feature', { feature: p.feature });
        return p.message || JSON.stringify(p);
      }))];
      msg.innerHTML = `<b>${esc(e.code === 'bad_scenario' ? t('lobby.upload.bad') : errorText(e.code, e.message))}</b>${probs.length ? `<ul>${probs.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : e.code === 'bad_scenario' && e.message ? `<p>${esc(e.message)}</p>` : ''}`;
    } finally {
      $('#upload', this.root).value = '';
    }
  }

  renderMine() {
    const box = $('#mine', this.root);
    const games = Object.values(store.all()).sort((a, b) => b.touched - a.touched).slice(0, 8);
    if (!games.length) { box.hidden = true; return; }
    box.hidden = false;
    this.mineStatus = this.mineStatus || {};
    box.innerHTML = `<h2>${esc(t('lobby.mygames'))}</h2><ul>${games.map((g) => {
      const toks = Object.values(g.tokens || {});
      const st = this.mineStatus[g.id];
      return `<li data-game="${esc(g.id)}"><a href="/play/${encodeURIComponent(g.id)}#${toks.join(',')}">${esc(g.name || g.id)}</a> ${st ? mineBadge(st) : ''} <span class="muted">${esc(Object.keys(g.tokens || {}).map(seatName).join(', '))} · ${new Date(g.touched).toLocaleString(lang())}</span></li>`;
    }).join('')}</ul>`;
    // Whose turn it is, or who won: each game's snapshot, once per visit.
    if (this.mineAsked) return;
    this.mineAsked = true;
    Promise.all(games.map(async (g) => {
      const seats = Object.keys(g.tokens || {});
      const tok = (g.tokens || {})[seats[0]];
      if (!tok) return;
      try {
        const s = await api.snapshot(g.id, tok);
        const mySides = new Set(seats.map((x) => x.replace(/-\d$/, '')));
        if (s.over) this.mineStatus[g.id] = { over: true, won: s.winner ? mySides.has(s.winner) && mySides.size === 1 : null, winner: s.winner, hotseat: mySides.size > 1 };
        else this.mineStatus[g.id] = { mine: seats.includes(s.to_act), side: s.to_act_side };
      } catch { /* a game gone: no status */ }
    })).then(() => this.renderMine());
  }
}

// mineBadge says whose turn it is in one of "your battles" (a badge when it
// is the player's), or how it ended.
function mineBadge(st) {
  if (st.over) {
    if (st.hotseat || st.won === null) return `<span class="badge">${esc(st.winner ? t('status.winner', { side: sideName(st.winner) }) : t('acct.over'))}</span>`;
    return `<span class="badge ${st.won ? 'won' : 'lost'}">${esc(t(st.won ? 'lobby.won' : 'lobby.lost'))}</span>`;
  }
  if (st.mine) return `<span class="badge yours">${esc(t('acct.yourturn'))}</span>`;
  return st.side ? `<span class="badge">${esc(t('lobby.turnof', { side: sideName(st.side) }))}</span>` : '';
}

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function seatName(seat) {
  const m = /^(allies|axis)(?:-(\d))?$/.exec(seat);
  if (!m) return seat;
  return m[2] ? `${sideName(m[1])} ${m[2]}` : sideName(m[1]);
}

// frontName, boardName and country name the file's front, board size and
// countries in the language (front.*, boardsize.*, country.* keys), else as
// the file writes them.
function frontName(f) { return !f ? '' : has('front.' + f) ? t('front.' + f) : cap(f); }

function boardName(b) {
  if (!b) return '';
  if (typeof b === 'string') return has('boardsize.' + b) ? t('boardsize.' + b) : b;
  return b.type || b.name || (b.width ? `${b.width}×${b.rows}` : '');
}

// legendText words an entry of the board's legend (render.LegendItem: a
// key and its arguments) in the language, else gives its English.
function legendText(it) {
  const a = it.args || {};
  const notPlayed = (name) => (a.played === false ? t('legend.extra', { name }) : name);
  switch (it.key) {
    case 'legend.terrain': return rowName('terrain', a.key);
    case 'legend.feature': return rowName(['structure', 'obstacle', 'marker', 'feature', 'terrain'], a.key);
    case 'legend.kind': return rowName('unit', a.key);
    case 'legend.extra': return has('legend.x.' + a.key) ? t('legend.extra', { name: t('legend.x.' + a.key) }) : it.text;
    case 'legend.unit': return t('legend.unit', { type: rowName('unit', a.type), side: sideName(a.side), figures: a.figures });
    case 'legend.medal': {
      const sides = a.sides === 'both' ? t('legend.both') : sideName(a.sides);
      if (a.kind === 'sudden-death' && a.count) return `${t('obj.sudden-death')}: ${sides}, ${t('legend.of', { count: a.count, of: a.of })}`;
      return `${has('obj.' + a.kind) ? t('obj.' + a.kind) : it.text} (${sides})${a.turn_start ? ', ' + t('legend.turnstart') : ''}`;
    }
    case 'legend.mark': {
      if (a.kind === 'exit') return notPlayed(a.side ? `${t('marker.exit')} (${sideName(a.side)})` : t('marker.exit'));
      if (a.kind === 'mine') return notPlayed(t('marker.minefield'));
      return notPlayed(t('legend.mark.' + (a.kind === 'star' ? 'star' : 'other')));
    }
    case 'legend.boat': return t('marker.boat');
    default: return has(it.key) ? t(it.key) : it.text;
  }
}

function country(c) { const k = String(c).toUpperCase(); return has('country.' + k) ? t('country.' + k) : k; }

function nations(v) {
  if (!v) return '';
  if (typeof v === 'string') return country(v);
  if (Array.isArray(v)) return v.map(country).join(', ');
  return v.country ? country(v.country) : v.nation || '';
}

function layout() {
  return `<div class="lobby">
  <header class="topbar">
    <a class="brand" href="/">m44</a>
    <div class="tagline" data-i18n="app.tagline"></div>
    <span id="lang-slot"></span>
  </header>
  <main class="lobby-main">
    <section class="panel scn-pick" aria-labelledby="h-scn">
      <h2 id="h-scn" data-i18n="lobby.scenario"></h2>
      <input id="search" type="search" data-i18n-placeholder="lobby.search" data-i18n-aria="lobby.search">
      <ul id="scn-list" class="scn-list"></ul>
      <label class="upload btn"><span data-i18n="lobby.upload"></span><input id="upload" type="file" accept=".m44,application/json"></label>
      <div id="upload-msg" class="upload-msg" role="status"></div>
    </section>
    <section id="scn-detail" class="panel scn-detail" aria-live="polite"></section>
    <section class="panel setup-panel" aria-labelledby="h-setup">
      <h2 id="h-setup" data-i18n="lobby.title"></h2>
      <div id="setup" class="setup"></div>
      <div id="mine" class="mine" hidden></div>
    </section>
  </main>
  <div id="overlay" class="overlay" hidden></div>
</div>`;
}
