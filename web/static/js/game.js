// The game page (/play/{game}#{token}): the board, the hand, what to do now,
// the dice and the log, driven by the server's snapshots.
import { api, Live, store, ApiError } from './api.js';
import { t, lang, onLang, cardName, cardEffect, cardParts, sideName, applyDom, rowName } from './i18n.js';
import { setCatalog, row } from './catalog.js';
import { BoardView, hexDistance, parseHex, geometry } from './board.js';
import { parseAll, byKind } from './actions.js';
import { dieFace, glyph, paletteFor } from './symbols.js';
import { esc } from './svg.js';
import { langSelect, toast, errorText, titleSize } from './ui.js';
import { renderCombat } from './combat.js';
import { briefingHtml } from './briefing.js';
import { Zoom } from './zoom.js';
import { helpHtml } from './help.js';
import { logWords, logRows, placePhrase, placeName } from './logwords.js';

const $ = (sel, root = document) => root.querySelector(sel);

// The player's preferences, kept in this browser (m44.prefs): card size,
// the pace at which the other side's moves are shown, passing Ambush
// questions at once when the player holds no Ambush card, and confirming
// the end of a turn with units that can still battle.
const PREFS_KEY = 'm44.prefs';
const PREF_DEFAULTS = { cards: 1, pace: 'normal', ambushAuto: false, confirmEnd: true };
const PACES = { fast: 150, normal: 500, slow: 1100 }; // ms between shown updates
function loadPrefs() {
  try { return { ...PREF_DEFAULTS, ...JSON.parse(localStorage.getItem(PREFS_KEY) || '{}') }; } catch { return { ...PREF_DEFAULTS }; }
}
const prefs = loadPrefs();
function savePrefs() { try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* storage may be off */ } }
const paceMs = () => Number(new URLSearchParams(location.search).get('pace') ?? PACES[prefs.pace] ?? PACES.normal);
const phone = () => matchMedia('(max-width: 760px)').matches;

export function startGame(root, gameId) {
  const g = new Game(root, gameId);
  g.start();
  return g;
}

class Game {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.snap = null;
    this.sel = { card: null, unit: null };
    this.pending = false;
    this.queue = [];
    this.pumping = false;
    this.hideFor = null; // hot-seat: the seat waiting for "I'm ready"
    this.floats = [];
    this.lastN = 0; // last log entry seen (for dice and hit animations)
    this.top = null;
    this.hover = null;
  }

  // ---- start: tokens, first snapshot, live updates ----

  async start() {
    this.root.innerHTML = layout();
    applyDom(this.root);
    $('#lang-slot', this.root).replaceWith(langSelect());
    this.board = new BoardView($('#board', this.root), { onHex: (h) => this.clickHex(h), onHover: (h) => this.hoverHex(h) });
    this.zoom = new Zoom($('#board-vp', this.root), $('#board', this.root));
    this.root.style.setProperty('--card-zoom', prefs.cards);
    $('#zoom-ctl', this.root).onclick = (e) => {
      const b = e.target.closest('[data-zoom]');
      if (!b) return;
      if (b.dataset.zoom === 'fit') this.zoom.reset(); else this.zoom.by(b.dataset.zoom === 'in' ? 1.5 : 1 / 1.5);
    };
    $('#brief-btn', this.root).onclick = () => this.openBriefing();
    $('#replay', this.root).onclick = () => this.replayLastTurn();
    $('#prefs-btn', this.root).onclick = () => this.openPrefs();
    $('#help-btn', this.root).onclick = () => this.openHelp();
    $('#hand-toggle', this.root).onclick = () => { this.drawer = !this.drawerOpen(); this.render(); };
    onLang(() => {
      applyDom(this.root);
      const conn = $('#conn', this.root);
      if (conn.dataset.state) conn.textContent = conn.title = t('conn.' + conn.dataset.state); // "Connected" follows the switch
      this.briefing = null;
      if (this.briefOpen) this.openBriefing();
      this.handHtml = null;
      this.render();
    });
    document.addEventListener('keydown', (e) => this.key(e));
    window.addEventListener('resize', () => this.fit());

    // Tokens: the URL fragment (one, or several joined by ","), then what this browser remembers.
    const rec = store.get(this.id) || {};
    const frag = decodeURIComponent(location.hash.replace(/^#/, ''));
    const fromFrag = frag ? frag.split(',').filter(Boolean) : [];
    const known = Object.values(rec.tokens || {});
    const tokens = [...new Set([...fromFrag, ...known])];
    this.rec = rec;
    this.seatTokens = {}; // seat -> token
    this.token = fromFrag[0] || rec.current || known[0] || '';
    this.live = new Live(this.id, {
      onUpdate: (m) => this.enqueue(m),
      onState: (s) => this.connState(s),
      onError: (m) => toast(errorText(m.code, m.message), 'error'),
    });
    // The game's rules catalog: names, pictures and help of the rows the
    // client does not know (a ruleset's). The board is drawn meanwhile.
    this.catalogReady = api.catalog(this.id).then((c) => { setCatalog(c); this.handHtml = null; this.render(); }).catch(() => {});
    // The first snapshot is kept aside until the seat to show is known:
    // nothing is drawn meanwhile (the catalog's arrival redraws this.snap).
    let first = null;
    try {
      // Learn each token's seat.
      for (const tok of tokens) {
        try {
          const s = await api.snapshot(this.id, tok, tok === this.token);
          if (s && s.seat) this.seatTokens[s.seat] = tok;
          if (tok === this.token) first = s;
        } catch (e) {
          if (e.code !== 'unauthorized') throw e;
        }
      }
      if (!first) {
        if (this.token && !Object.values(this.seatTokens).includes(this.token)) this.token = Object.values(this.seatTokens)[0] || '';
        first = await api.snapshot(this.id, this.token, true);
      }
      this.hotseat = !!rec.hotseat || !!first.hotseat || Object.keys(this.seatTokens).length > 1;
      // A hot-seat table opened on a seat that is not to act (a link, a
      // reload): the device goes to the seat to act, behind the hand-over
      // screen, without ever drawing the other seat's hand or log.
      const next = first.to_act && first.to_act !== first.seat && this.seatTokens[first.to_act];
      if (this.hotseat && next && !first.your_turn && !first.over) {
        const s = await api.snapshot(this.id, next, true).catch(() => null);
        if (s && s.your_turn) { this.token = next; first = s; store.put(this.id, { current: next }); }
      }
    } catch (e) {
      this.fatal(e);
      return;
    }
    this.snap = first;
    // At a hot-seat table the first player takes the device too.
    if (this.hotseat && Object.keys(this.seatTokens).length > 1 && this.snap.your_turn && !this.snap.over) this.hideFor = this.snap.seat;
    if (Object.keys(this.seatTokens).length) store.put(this.id, { tokens: this.seatTokens, current: this.token, hotseat: this.hotseat, name: this.snap.scenario && this.snap.scenario.name });
    if (this.token && !fromFrag.length) history.replaceState(null, '', `${location.pathname}${location.search}#${this.token}`);
    this.lastN = lastLogN(this.snap);
    this.show(this.snap, false);
    this.live.open(this.token, this.snap.version);
    this.maybeSwitchSeat(this.snap);
  }

  fatal(e) {
    const msg = e instanceof ApiError ? errorText(e.code, e.message) : String(e);
    $('#status-what', this.root).textContent = msg;
    $('#status-who', this.root).textContent = '';
    toast(msg, 'error');
  }

  connState(s) {
    const el = $('#conn', this.root);
    el.dataset.state = s;
    el.textContent = el.title = t('conn.' + s);
    if (s === 'online' && this.snap) {
      // A reconnect may have missed a change: ask for the present state.
      this.refresh();
    }
  }

  async refresh() {
    const tok = this.token;
    try {
      const s = await api.snapshot(this.id, tok);
      if (tok !== this.token) return; // the hot-seat table changed hands meanwhile
      if (!this.snap || s.version >= this.snap.version) this.show(s, true);
      this.maybeSwitchSeat(s);
    } catch (e) { toast(errorText(e.code, e.message), 'error'); }
  }

  enqueue(m) {
    if (!m.snapshot) { this.refresh(); return; }
    this.queue.push(m.snapshot);
    if (!this.pumping) this.pump();
  }

  // pump shows queued snapshots one at a time, so that the other side's
  // moves and rolls can be followed.
  async pump() {
    this.pumping = true;
    while (this.queue.length) {
      const s = this.queue.shift();
      if (this.snap && s.version < this.snap.version) continue;
      if (s.seat && this.snap && this.snap.seat && s.seat !== this.snap.seat) continue; // an old seat's socket
      this.show(s, true);
      this.maybeSwitchSeat(s);
      if (this.queue.length && !s.your_turn) await sleep(paceMs());
    }
    this.pumping = false;
  }

  // maybeSwitchSeat: at a hot-seat table, hand over to the seat that must act.
  async maybeSwitchSeat(s) {
    if (!this.hotseat || s.over || s.your_turn || this.switching) return;
    const others = Object.entries(this.seatTokens).filter(([seat]) => seat !== s.seat);
    if (!others.length) return;
    this.switching = true;
    try {
      for (const [seat, tok] of others) {
        if (s.to_act ? seat !== s.to_act : true) continue;
        const snap = await api.snapshot(this.id, tok, true);
        if (!snap.your_turn) continue;
        this.token = tok;
        store.put(this.id, { current: tok });
        history.replaceState(null, '', `${location.pathname}${location.search}#${tok}`);
        this.hideFor = seat;
        this.sel = { card: null, unit: null };
        this.queue = [];
        this.snap = null;
        this.show(snap, false);
        this.live.close();
        this.live.open(tok, snap.version);
        break;
      }
    } catch (e) {
      toast(errorText(e.code, e.message), 'error');
    } finally {
      this.switching = false;
    }
  }

  // ---- showing a snapshot ----

  show(s, animate) {
    const prev = this.snap;
    this.snap = s;
    // The table panel (clock, chat, alerts: table.js) follows the same snapshot.
    window.dispatchEvent(new CustomEvent('m44:snapshot', { detail: s }));
    if (this.waitVersion != null && s.version > this.waitVersion) { this.waitVersion = null; this.pending = false; }
    this.live.seen(s.version);
    if (!prev || prev.version !== s.version || prev.seat !== s.seat) {
      // A new position: keep a selection only if it is still offered.
      const L = parseAll(s.legal);
      if (this.sel.unit && !L.some((a) => a.from === this.sel.unit)) this.sel.unit = null;
      if (this.sel.card != null && !L.some((a) => a.kind === 'play' && a.card === this.sel.card)) this.sel.card = null;
    }
    if (this.top == null) this.top = topSide(s);
    this.mergeLog(s);
    if (animate) this.animate(s);
    this.lastN = Math.max(this.lastN, lastLogN(s));
    this.render();
  }

  animate(s) {
    const fresh = (s.log || []).filter((e) => e.n > this.lastN);
    const now = Date.now();
    for (const e of fresh) {
      const ev = e.event || {};
      if (ev.kind === 'hits' || ev.kind === 'flag-losses') this.floats.push({ hex: ev.hex, text: `−${ev.figures}`, at: now });
      if (ev.kind === 'eliminated') this.floats.push({ hex: ev.hex, text: '✖', at: now });
      if (ev.kind === 'healed') this.floats.push({ hex: ev.hex, text: `+${ev.figures}`, at: now });
      if (ev.kind === 'dice') this.rolled = true;
      if (ev.kind === 'move' || ev.kind === 'retreat' || ev.kind === 'take-ground') (this.slides = this.slides || []).push({ from: ev.from, to: ev.to });
    }
    setTimeout(() => this.render(), 1700);
  }

  fit() { /* the SVG scales itself (viewBox); nothing to do */ }

  // mergeLog keeps the whole game's log: the first snapshot brings every
  // entry (?log=all), later ones their tail, appended after the last entry
  // kept. A hot-seat hand-over starts again from the new seat's whole log
  // (each seat sees its own cards only).
  mergeLog(s) {
    const log = s.log || [];
    if (!this.logAll || this.logSeat !== s.seat || (log.length && this.logAll.length && log[0].n > this.logAll[this.logAll.length - 1].n + 1)) {
      this.logAll = log.slice();
      this.logSeat = s.seat;
      return;
    }
    const last = this.logAll.length ? this.logAll[this.logAll.length - 1].n : 0;
    for (const e of log) if (e.n > last) this.logAll.push(e);
  }

  mySide() { return this.snap && !this.snap.spectator ? this.snap.side : null; }

  render() {
    const s = this.snap;
    if (!s) return;
    const root = this.root;
    const v = s.view || {};
    root.dataset.seat = s.seat || ''; // the seat whose view the page shows
    const L = s.your_turn && !this.hideFor ? parseAll(s.legal) : [];
    this.L = L;
    root.classList.toggle('my-turn', !!s.your_turn && !this.hideFor);
    root.classList.toggle('pending', this.pending);
    $('#scn-name', root).textContent = (s.scenario && s.scenario.name) || '';
    document.title = `${(s.scenario && s.scenario.name) || ''} — m44`;
    $('#turn', root).textContent = t('status.turn', { n: v.turn || 1 });
    this.renderMedals();
    const plan = this.plan(L);
    this.plan_ = plan;
    const now = Date.now();
    this.floats = this.floats.filter((f) => now - f.at < 1600);
    const marks = { ...plan.marks };
    for (const f of this.floats) marks[f.hex] = { ...(marks[f.hex] || {}), text: f.text };
    const bottom = this.mySide() || (this.top === 'allies' ? 'axis' : 'allies');
    const geo = geometry((s.scenario || {}).board);
    root.style.setProperty('--board-ratio', ((geo.W + 20) / (geo.H + 20)).toFixed(3)); // the SVG's viewBox (board.js PAD)
    this.board.render({
      scenario: s.scenario || {},
      view: this.replay && this.replay.view ? this.replay.view : v,
      flip: this.top != null && bottom === this.top,
      bottom,
      marks: this.replay && this.replay.view ? {} : marks,
      trail: this.replay && this.replay.view ? [] : trailOf(s.log || []),
      objectives: (s.scenario && s.scenario.objectives) || [],
      highlight: this.replay ? this.replay.hexes : this.hover ? [this.hover] : [],
      sections: plan.sections || [],
    });
    if (this.slides) { this.board.slide(this.slides); this.slides = null; }
    // Night attacks: the visibility limits every unit's range (FAQ III 19).
    $('#status-who', root).textContent = plan.who + (v.visibility ? ` · ${t('ev.visibility', { hexes: v.visibility })}` : '');
    if (this.replay) $('#status-what', root).innerHTML = this.replay.line;
    else $('#status-what', root).textContent = plan.what;
    root.classList.toggle('replaying', !!this.replay);
    $('#status', root).dataset.mine = s.your_turn && !this.hideFor ? 'yes' : 'no';
    $('#status', root).classList.toggle('thinking', !!plan.thinking); // a bar runs while the computer thinks
    this.renderButtons(plan.buttons);
    this.renderDice();
    this.renderPlayed();
    this.renderHand(plan);
    renderCombat(this);
    this.renderDrawer();
    this.renderLog();
    this.renderInvite();
    this.renderOverlay();
    this.renderBriefing();
    this.autoPass();
  }

  renderMedals() {
    const s = this.snap, v = s.view || {};
    const pal = paletteFor('country');
    const box = $('#medals', this.root);
    const html = ['allies', 'axis'].map((side) => {
      const i = side === 'allies' ? 0 : 1;
      const n = arr2(v.medals, i), need = arr2(v.victory, i) || 6;
      const seat = (s.seats || []).filter((x) => x.side === side);
      const who = seat.map((x) => (x.seat === s.seat ? t('status.you') : x.kind && x.kind.startsWith('bot') ? t('seat.kind.bot', { level: t('level.' + x.kind.split(':')[1]) }) : t('seat.kind.human'))).join(', ');
      let dots = '';
      for (let k = 0; k < need; k++) dots += `<span class="medal${k < n ? ' won' : ''}" style="--side:${pal.side[side]}"></span>`;
      const active = !s.over && actSide(s) === side;
      return `<div class="side-medals side-${side}${active ? ' acting' : ''}" title="${esc(t('panel.medals.of', { side: sideName(side), n, victory: need }))}" aria-label="${esc(t('panel.medals.of', { side: sideName(side), n, victory: need }))}">
        <span class="side-name">${esc(sideName(side))}</span><span class="side-who">${esc(who)}</span>
        <span class="medal-row">${dots}</span><span class="medal-count">${n}/${need}</span></div>`;
    }).join('');
    box.innerHTML = html;
  }

  // plan turns the legal actions into marks on the board, buttons and words.
  plan(L) {
    const s = this.snap, v = s.view || {};
    const me = this.mySide();
    const marks = {};
    const buttons = [];
    const plan = {};
    const used = new Set();
    const use = (a) => used.add(a.action);
    let what = '';
    const phase = v.phase;
    const turnOf = sideName(v.active || s.to_act);
    let who = `${t('status.turn', { n: v.turn || 1 })} · ${turnOf}`;

    if (s.over || v.over) {
      const w = s.winner || v.winner;
      what = w ? (me ? (w === me ? t('status.youwin') : t('status.youlose', { side: sideName(w) })) : t('status.winner', { side: sideName(w) })) : t('phase.over');
      return { marks, buttons, what, who };
    }
    if (!s.your_turn || this.hideFor) {
      const seat = (s.seats || []).find((x) => x.seat === s.to_act) || (s.seats || []).find((x) => x.side === actSide(s));
      const name = seatLabel(s, s.to_act, actSide(s));
      if (s.spectator) what = t('status.spectator');
      else if (seat && seat.kind && seat.kind.startsWith('bot')) what = t('status.wait.bot', { who: name });
      else what = t('status.wait.human', { who: name });
      if (!s.spectator && this.hideFor) what = t('hotseat.title', { side: sideName(s.side) });
      const thinking = !!(seat && seat.kind && seat.kind.startsWith('bot') && !this.hideFor);
      return { marks, buttons, what, who, thinking };
    }
    // An answer in the other side's turn (Ambush) is not "your turn".
    who = v.active && me && v.active !== me ? `${t('status.turn', { n: v.turn || 1 })} · ${sideName(v.active)}` : `${t('status.turn', { n: v.turn || 1 })} · ${t('status.yourturn')}`;
    const plays = byKind(L, 'play');
    const orders = byKind(L, 'order');
    const moves = byKind(L, 'move');
    const exits = byKind(L, 'exit');
    const battles = byKind(L, 'battle');
    const wires = byKind(L, 'remove-wire');
    const reinforces = byKind(L, 'reinforce'); // half-tracks (Winter Wars V)
    const recovers = byKind(L, 'recover'); // oasis recovery (FAQ III Soins dans l'oasis)
    const retreats = byKind(L, 'retreat');
    const tgs = byKind(L, 'take-ground');
    const keeps = byKind(L, 'keep');
    const targets = byKind(L, 'target');
    const single = (kind) => L.find((a) => a.kind === kind);

    if (phase === 'ambush') {
      what = t('phase.ambush');
      for (const a of plays) { buttons.push({ label: t('btn.ambush'), action: a.action, primary: true }); use(a); }
      const sk = single('skip');
      if (sk) { buttons.push({ label: t('btn.no-ambush'), action: sk.action }); use(sk); }
      // Show the threatened unit and its assailant: the battle just declared
      // (it has no engine event until its dice are rolled; the server logs
      // the action itself as a step). Both are only highlighted, not offered.
      for (const e of [...(s.log || [])].reverse()) {
        const act = e.text && e.text.key === 'ev.step' && e.text.args && String(e.text.args.action || '');
        const m = act && /^battle (\S+) (\S+)$/.exec(act);
        const from = m ? m[1] : e.event && e.event.kind === 'battle' ? e.event.from : null;
        const to = m ? m[2] : e.event && e.event.kind === 'battle' ? e.event.to : null;
        if (from && to) { marks[to] = { kind: 'sel' }; marks[from] = { kind: 'sel' }; break; }
      }
    } else if (plays.length) {
      what = t('phase.card');
      plays.forEach(use);
      // A smoke screen before the first card (rules.Setup.Smoke): the
      // player picks its three hexes one by one among the legal groups.
      const smokes = byKind(L, 'smoke');
      smokes.forEach(use);
      if (smokes.length && this.sel.smoke) {
        const chosen = this.sel.smoke;
        const fit = smokes.filter((a) => chosen.every((h) => a.hexes.includes(h)));
        what = t('hint.smoke', { n: chosen.length });
        for (const a of fit) for (const h of a.hexes) if (!chosen.includes(h)) marks[h] = { kind: 'can', smoke: h, label: t('btn.smoke.hex') };
        for (const h of chosen) marks[h] = { kind: 'sel', smoke: h, label: t('btn.cancel') };
        if (chosen.length === 3 && fit.length === 1) buttons.push({ label: t('btn.smoke.lay'), action: fit[0].action, primary: true });
        buttons.push({ label: t('btn.cancel'), local: 'cancel' });
        return { marks, buttons, what, who };
      }
      if (smokes.length && this.sel.card == null) buttons.push({ label: t('btn.smoke'), local: 'smoke' });
      if (this.sel.card != null) {
        const mine = plays.filter((a) => a.card === this.sel.card);
        const nm = this.cardNameById(this.sel.card);
        if (mine.some((a) => a.section)) {
          what = t('status.card.section');
          for (const a of mine) buttons.push({ label: t('section.' + cap(a.section)), action: a.action, primary: true });
        } else if (mine.length) {
          what = t('status.card.picked', { card: cardName(nm) });
          for (const a of mine) buttons.push({ label: t(a.as ? 'btn.play.air' : 'btn.play.card'), action: a.action, primary: !a.as });
        }
        buttons.push({ label: t('btn.cancel'), local: 'cancel' });
      }
    } else if (orders.length || phase === 'order') {
      const eff = v.in_effect || (v.played && v.played.name) || '';
      const { kind, section } = cardParts(eff);
      const key = 'order.' + kind;
      what = t(t(key) === key ? 'order.default' : key, section ? { your: t('sec.your.' + section) } : {});
      plan.sections = sectionsOf(eff);
      const n = (v.units || []).filter((u) => u.ordered && u.side === me).length;
      if (n) what += ` (${t('status.ordered', { n })})`;
      for (const a of orders) { marks[a.from] = { kind: 'can', action: a.action, label: t('phase.order') }; use(a); }
      // Blowing up a bridge uses the card instead of ordering (rules.BlowBridges).
      for (const a of byKind(L, 'blow')) { buttons.push({ label: t('btn.blow', { hex: a.from }), action: a.action }); use(a); }
      // Building a pontoon bridge uses an Attack card instead of ordering
      // (rules.Setup.Pontoons): the river hexes it may go on are marked.
      const pontoons = byKind(L, 'pontoon');
      for (const a of pontoons) { marks[a.from] = { kind: 'can', action: a.action, label: t('btn.pontoon', { hex: a.from }) }; use(a); }
      if (pontoons.length) what += ` · ${t('hint.pontoon')}`;
      // So does calling paratroopers in (rules.CalledAirdrop): one button per number of units.
      for (const a of byKind(L, 'drop')) { buttons.push({ label: t('btn.drop', { n: a.units, hex: a.from }), action: a.action }); use(a); }
      // Breakthrough armor may enter on the opponent's baseline as one of
      // the card's orders (rules.Setup.Breakthroughs): the hexes are marked.
      const enters = byKind(L, 'enter');
      for (const a of enters) { marks[a.to] = { kind: 'dest', action: a.action, label: t('btn.enter', { hex: a.to }) }; use(a); }
      if (enters.length) what += ` · ${t('hint.enter')}`;
    } else if (moves.length || exits.length) {
      moves.forEach(use);
      exits.forEach(use);
      const froms = [...new Set([...moves, ...exits].map((a) => a.from))];
      if (froms.length === 1 && !this.sel.unit) this.sel.unit = froms[0];
      if (this.sel.unit && froms.includes(this.sel.unit)) {
        what = t('phase.move.picked');
        for (const f of froms) marks[f] = { kind: 'can', select: f };
        marks[this.sel.unit] = { kind: 'sel', select: this.sel.unit, label: t('btn.cancel') };
        for (const a of moves.filter((m) => m.from === this.sel.unit)) marks[a.to] = { kind: 'dest', action: a.action, label: t('phase.move') };
        for (const a of exits.filter((m) => m.from === this.sel.unit)) buttons.push({ label: t('btn.exit', { hex: a.to }), action: a.action, primary: true });
        if (froms.length > 1) buttons.push({ label: t('btn.cancel'), local: 'cancel' });
      } else {
        what = t('phase.move.pick');
        for (const f of froms) marks[f] = { kind: 'can', select: f, label: t('phase.move') };
      }
    } else if (battles.length || wires.length || reinforces.length || recovers.length) {
      battles.forEach(use);
      wires.forEach(use);
      reinforces.forEach(use);
      recovers.forEach(use);
      const froms = [...new Set([...battles, ...wires, ...reinforces, ...recovers].map((a) => a.from))];
      if (froms.length === 1 && !this.sel.unit) this.sel.unit = froms[0];
      if (this.sel.unit && froms.includes(this.sel.unit)) {
        what = t('phase.battle.picked');
        for (const f of froms) marks[f] = { kind: 'can', select: f };
        marks[this.sel.unit] = { kind: 'sel', select: this.sel.unit, label: t('btn.cancel') };
        for (const a of battles.filter((b) => b.from === this.sel.unit)) {
          marks[a.to] = { kind: 'target', action: a.action, dice: a.dice, label: `${t('phase.battle.picked')} (${a.dice ?? '?'} 🎲)` };
        }
        const w = wires.find((a) => a.from === this.sel.unit);
        if (w) {
          // Engineers remove a road block instead of battling (Winter Wars V); infantry, wire.
          const wf = ((this.snap && this.snap.view && this.snap.view.features) || []).find((x) => x.hex === w.from);
          buttons.push({ label: t(wf && wf.obstacle === 'road-block' ? 'btn.remove-road-block' : 'btn.remove-wire'), action: w.action });
        }
        const rc = recovers.find((a) => a.from === this.sel.unit);
        if (rc) buttons.push({ label: t('btn.recover'), action: rc.action, title: t('help.marker.oasis-recovery') });
        for (const r of reinforces.filter((a) => a.from === this.sel.unit)) buttons.push({ label: t('btn.reinforce', { hex: r.to }), action: r.action });
        if (froms.length > 1) buttons.push({ label: t('btn.cancel'), local: 'cancel' });
      } else {
        what = t('phase.battle');
        for (const f of froms) marks[f] = { kind: 'can', select: f, label: t('phase.battle') };
      }
      if (phase === 'overrun') what = t('phase.overrun') + ' — ' + what;
    } else if (retreats.length) {
      retreats.forEach(use);
      const from = retreats[0].from;
      const plain = retreats.filter((a) => !a.ignore && a.to !== from);
      const dists = plain.map((a) => hexDistance(a.from, a.to));
      const n = dists.length ? Math.min(...dists) : 0;
      const canIgnore = retreats.some((a) => a.ignore);
      what = n ? t(canIgnore ? 'phase.retreat.ignore' : 'phase.retreat', { n }) : t('phase.retreat.stay');
      marks[from] = { kind: 'sel' };
      const at = {};
      for (const a of retreats) (at[a.to] = at[a.to] || []).push(a);
      for (const [h, list] of Object.entries(at)) {
        if (h === from) {
          for (const a of list) buttons.push({ label: a.ignore ? t('btn.retreat.ignore') : t('btn.retreat.stay'), action: a.action, primary: true });
          continue;
        }
        marks[h] = { kind: 'retreat', actions: list, action: list.length === 1 ? list[0].action : null, label: what };
      }
    } else if (tgs.length) {
      what = t('phase.take-ground');
      for (const a of tgs) {
        use(a);
        marks[a.from] = { kind: 'sel' };
        marks[a.to] = { kind: 'tg', action: a.action, label: t('btn.take-ground') };
        buttons.push({ label: t('btn.take-ground'), action: a.action, primary: true });
      }
      const sk = single('skip');
      if (sk) { buttons.push({ label: t('btn.no-take-ground'), action: sk.action }); use(sk); }
    } else if (keeps.length) {
      what = t('phase.keep');
      keeps.forEach(use);
    } else if (targets.length || phase === 'target') {
      const eff = v.in_effect || (v.played && v.played.name) || '';
      const k = 'phase.target.' + cardParts(eff).kind;
      what = t(t(k) === k ? 'phase.target' : k);
      for (const a of targets) { marks[a.to] = { kind: 'aim', action: a.action, label: what }; use(a); }
      for (const h of v.targets || []) marks[h] = { kind: 'aimed' };
    }
    // Winter Combat cards are offered on their own cards (combat.js).
    for (const a of byKind(L, 'combat')) use(a);
    // The step's closing buttons.
    const closers = { 'end-orders': 'btn.end-orders', 'end-moves': 'btn.end-moves', 'end-battles': 'btn.end-battles', 'end-targets': 'btn.end-targets', skip: 'btn.skip' };
    for (const a of L) {
      if (used.has(a.action)) continue;
      if (closers[a.kind]) { buttons.push({ label: t(closers[a.kind]), action: a.action, closer: true }); use(a); }
    }
    // Anything else the engine offers stays reachable.
    const rest = L.filter((a) => !used.has(a.action));
    for (const a of rest) buttons.push({ label: a.action, action: a.action, extra: true });
    if (!what) what = t('phase.' + phase);
    return { marks, buttons, what, who, sections: plan.sections };
  }

  cardNameById(id) {
    const v = this.snap.view || {};
    const all = [...(v.hand || []), ...(v.team_hand || []), ...(v.shared ? [v.shared] : []), ...(v.choice || [])];
    const c = all.find((x) => x.id === id);
    return c ? c.name : '';
  }

  renderButtons(buttons) {
    const box = $('#actions', this.root);
    const canUndo = this.canUndo();
    const parts = buttons.map((b, i) => `<button type="button" class="btn${b.primary ? ' primary' : ''}${b.closer ? ' closer' : ''}${b.extra ? ' extra' : ''}" data-i="${i}"${b.action ? ` data-action="${esc(b.action)}"` : ''}${this.pending ? ' disabled' : ''}>${esc(b.label)}</button>`);
    if (canUndo) parts.push(`<button type="button" class="btn ghost" data-undo="1"${this.pending ? ' disabled' : ''}>↶ ${esc(t('btn.undo'))}</button>`);
    const html = parts.join('');
    if (html !== this.btnHtml) {
      const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.textContent : null;
      box.innerHTML = html;
      this.btnHtml = html;
      const again = focused && [...box.querySelectorAll('button')].find((x) => x.textContent === focused);
      if (again) again.focus({ preventScroll: true });
    }
    box.onclick = (e) => {
      const el = e.target.closest('button');
      if (!el || el.disabled) return;
      if (el.dataset.undo) { this.undo(); return; }
      const b = buttons[Number(el.dataset.i)];
      if (!b) return;
      if (b.local === 'cancel') { this.cancel(); return; }
      if (b.local === 'smoke') { this.sel.smoke = []; this.render(); return; }
      if (b.action) this.confirmAct(b.action);
    };
  }

  canUndo() {
    const s = this.snap;
    if (!s || this.hideFor || s.over) return false;
    if (typeof s.can_undo === 'boolean') return s.can_undo;
    if (!s.your_turn) return false;
    if (!['order', 'move', 'battle'].includes(s.view && s.view.phase)) return false;
    const log = s.log || [];
    const last = log[log.length - 1];
    if (!last || !last.event) return false;
    return ['play', 'order', 'move'].includes(last.event.kind) && last.event.side === s.side;
  }

  // renderDice shows every roll of the turn (the other side's battles, then
  // the player's own), the newest first and rolling in, each with what it
  // was rolled for and what it did.
  renderDice() {
    const box = $('#dice', this.root);
    const s = this.snap;
    const log = this.logAll || s.log || [];
    let from = log.length - 1;
    while (from > 0 && !(log[from].event && log[from].event.kind === 'turn')) from--;
    // The turn before is kept too while the new turn has rolled nothing yet.
    const rollsFrom = (start) => {
      const out = [];
      for (let i = Math.max(start, 0); i < log.length; i++) {
        const ev = log[i].event || {};
        if (ev.kind !== 'dice' || !Array.isArray(ev.faces)) continue;
        let ctx = '';
        for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
          const e2 = log[j].event || {};
          if (e2.kind === 'battle' || e2.kind === 'card-attack' || e2.kind === 'ambush' || e2.kind === 'battle-back') { ctx = this.words(log[j]); break; }
        }
        const results = [];
        for (let j = i + 1; j < log.length; j++) {
          const e2 = log[j].event || {};
          if (['hits', 'retreat', 'flag-losses', 'eliminated', 'flag-ignored', 'healed'].includes(e2.kind)) results.push(this.words(log[j]));
          if (e2.kind === 'dice' || e2.kind === 'battle' || e2.kind === 'turn') break;
        }
        out.push({ n: log[i].n, side: ev.side, faces: ev.faces, ctx, results });
      }
      return out;
    };
    let rolls = rollsFrom(from);
    if (!rolls.length && from > 0) {
      let prev = from - 1;
      while (prev > 0 && !(log[prev].event && log[prev].event.kind === 'turn')) prev--;
      rolls = rollsFrom(prev).filter((r) => r.n < log[from].n);
    }
    const r = s.last_roll;
    if (!rolls.length && r && r.faces && r.faces.length) rolls = [{ n: 0, side: r.side, faces: r.faces, ctx: '', results: [] }];
    if (!rolls.length) { box.hidden = true; return; }
    box.hidden = false;
    const newest = rolls[rolls.length - 1];
    const fresh = newest.n !== this.shownRoll;
    this.shownRoll = newest.n;
    const html = `<h3>${esc(t('panel.dice'))}</h3><ol class="rolls">${rolls.slice().reverse().map((x, k) => `<li class="roll${k ? ' older' : ''}">
      <div class="roll-side side-${esc(x.side || '')}">${esc(sideName(x.side))}</div>
      <div class="dice-row${!k && fresh ? ' rolling' : ''}" aria-label="${esc(x.faces.map((f) => t('face.' + f)).join(', '))}">${x.faces.map((f) => `<span class="die-wrap" title="${esc(t('face.' + f))}">${dieFace(f, k ? 26 : 40)}</span>`).join('')}</div>
      ${x.ctx ? `<div class="dice-ctx">${x.ctx}</div>` : ''}${x.results.length ? `<div class="dice-res">${x.results.join('<br>')}</div>` : ''}</li>`).join('')}</ol>`;
    if (html !== this.diceHtml || fresh) { box.innerHTML = html; this.diceHtml = html; }
  }

  renderPlayed() {
    const v = this.snap.view || {};
    const box = $('#played', this.root);
    if (!v.played) { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = `<h3>${esc(t('panel.played'))}</h3>${cardHtml(v.played, { small: true, note: v.in_effect && v.in_effect !== v.played.name ? '→ ' + cardName(v.in_effect) : '' })}`;
  }

  renderHand(plan) {
    const s = this.snap, v = s.view || {};
    const box = $('#hand', this.root);
    const deck = $('#deck', this.root);
    const other = s.side === 'allies' ? 'axis' : 'allies';
    deck.innerHTML = `<div class="deck-pile" title="${esc(t('panel.deck', { n: v.draw_pile ?? '?' }))}"><span class="card-back"></span><span>${esc(t('panel.deck', { n: v.draw_pile ?? '?' }))}</span></div>
      <div class="other-hand">${s.spectator && v.hands ? ['allies', 'axis'].map((sd, i) => esc(t('panel.other', { side: sideName(sd), n: arr2(v.hands, i) }))).join('<br>') : esc(t('panel.other', { side: sideName(other), n: v.other_hand ?? '?' }))}</div>`;
    if (s.spectator) { box.innerHTML = `<p class="muted">${esc(t('panel.nohand'))}</p>`; this.handHtml = ''; return; }
    if (this.hideFor) { box.innerHTML = ''; this.handHtml = ''; return; }
    const L = this.L;
    const playable = new Set(byKind(L, 'play').map((a) => a.card));
    const keeps = byKind(L, 'keep');
    const team = (v.players && arr2(v.players, s.side === 'axis' ? 1 : 0) > 1) || v.team_hand;
    const mySeatIdx = /-(\d)$/.exec(s.seat || '') ? Number(/-(\d)$/.exec(s.seat)[1]) - 1 : 0;
    let mine = v.hand || [], mate = v.team_hand || [];
    if (team && v.player != null && v.player !== mySeatIdx) [mine, mate] = [mate, mine];
    const section = (title, cards, opts = {}) => `<div class="hand-group${opts.cls ? ' ' + opts.cls : ''}"><h3>${esc(title)}</h3><div class="cards">${cards.map((c) => {
      const can = playable.has(c.id) && !opts.noplay;
      return cardHtml(c, { playable: can, selected: can && this.sel.card === c.id, dim: playable.size > 0 && !can && !opts.noplay, button: can || opts.keep, keep: opts.keep });
    }).join('')}</div></div>`;
    let html = '';
    if (keeps.length && v.choice) html += section(t('phase.keep'), v.choice, { keep: true, noplay: true, cls: 'choice' });
    html += section(t('panel.hand'), mine);
    if (team) {
      const sharedPlayable = v.shared && playable.has(v.shared.id);
      if (v.shared) html += `<div class="hand-group shared"><h3>${esc(t('panel.shared'))}</h3><div class="cards">${cardHtml(v.shared, { playable: sharedPlayable, selected: sharedPlayable && this.sel.card === v.shared.id, button: sharedPlayable })}</div></div>`;
      if (mate.length) html += section(t('panel.hand.mate'), mate, { noplay: true, cls: 'mate' });
    }
    if (html !== this.handHtml) {
      const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.card : null;
      box.innerHTML = html;
      this.handHtml = html;
      const again = focused != null && box.querySelector(`button[data-card="${focused}"]`);
      if (again) again.focus({ preventScroll: true });
    }
    box.onclick = (e) => {
      const el = e.target.closest('[data-card]');
      if (!el || this.pending) return;
      const id = Number(el.dataset.card);
      if (el.dataset.keep) {
        const k = keeps.find((a) => a.card === id);
        if (k) this.act(k.action);
        return;
      }
      if (el.dataset.play || (s.view && s.view.phase === 'ambush')) {
        // The button on the selected card plays it at once.
        const a = byKind(L, 'play').find((x) => x.card === id && !x.section && !x.as);
        if (a) { this.confirmAct(a.action); return; }
      }
      if (!playable.has(id)) return;
      this.sel.card = this.sel.card === id ? null : id;
      this.render();
    };
  }

  // words, placePhrase and placeName: the log in words (js/logwords.js),
  // read on the position the page shows.
  words(entry) { return logWords(entry, this.snap || {}); }
  placePhrase(h) { return placePhrase(h, this.snap || {}); }
  placeName(h) { return placeName(h, this.snap || {}); }

  renderLog() {
    const box = $('#log-list', this.root);
    if (this.hideFor) {
      // Behind the hand-over screen the log holds no seat's private lines
      // (the cards drawn): it is drawn again for the seat once ready.
      if (this.logKey !== 'hidden') { box.innerHTML = ''; this.logKey = 'hidden'; }
      return;
    }
    const log = this.logAll || this.snap.log || [];
    const rows = logRows(log, this.snap);
    if (!rows.length) {
      const v = this.snap.view || {};
      rows.push(`<li class="log-start">${esc(this.snap.scenario && this.snap.scenario.name || '')} — ${esc(t('lobby.first', { side: sideName(v.active || 'allies') }))}</li>`);
    }
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    const key = `${this.snap.seat || ''}:${lang()}:${log.length ? log[log.length - 1].n : 0}:${log.length}`; // per seat: a hot-seat log shows only that seat's view
    if (key !== this.logKey) {
      box.innerHTML = rows.join('');
      this.logKey = key;
      if (atBottom || !this.logScrolled) { box.scrollTop = box.scrollHeight; }
    }
    box.onmouseover = (e) => { const h = e.target.closest('.hexref'); this.hoverHex(h ? h.dataset.hex : null, true); };
    box.onmouseleave = () => this.hoverHex(null, true);
    box.onscroll = () => { this.logScrolled = box.scrollHeight - box.scrollTop - box.clientHeight > 40; };
  }

  renderInvite() {
    const box = $('#invite', this.root);
    const s = this.snap;
    const links = (this.rec && this.rec.links) || (store.get(this.id) || {}).links || {};
    const waiting = (s.seats || []).filter((x) => x.kind === 'human' && !x.connected && x.seat !== s.seat && links[x.seat] && !this.seatTokens[x.seat]);
    if (!waiting.length || s.over) { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = `<h3>${esc(t('panel.invite'))}</h3>` + waiting.map((x) => {
      const url = new URL(links[x.seat], location.origin).href;
      return `<p>${esc(t('panel.invite.text', { side: sideName(x.side) }))}</p><div class="invite-row"><input readonly value="${esc(url)}" aria-label="${esc(t('panel.invite'))}"><button type="button" class="btn" data-copy="${esc(url)}">${esc(t('btn.copy'))}</button></div>`;
    }).join('');
    box.onclick = async (e) => {
      const b = e.target.closest('[data-copy]');
      if (!b) return;
      try { await navigator.clipboard.writeText(b.dataset.copy); } catch { b.previousElementSibling.select(); document.execCommand('copy'); }
      b.textContent = t('btn.copied');
    };
  }

  renderOverlay() {
    const ov = $('#overlay', this.root);
    const s = this.snap;
    if (this.confirming) return;
    if (this.hideFor) {
      ov.hidden = false;
      ov.innerHTML = `<div class="dialog handover" role="dialog" aria-modal="true" aria-labelledby="pass-title" data-seat="${esc(this.hideFor)}">
        <div class="dialog-side side-${esc(s.side)}">${glyphBadge(s.side)}</div>
        <h2 id="pass-title">${esc(t('hotseat.title', { side: sideName(s.side) }))}</h2>
        <p>${esc(t('hotseat.text', { side: sideName(s.side) }))}</p>
        <button type="button" class="btn primary big" id="ready">${esc(t('btn.ready', { side: sideName(s.side) }))}</button></div>`;
      const b = $('#ready', ov);
      b.onclick = () => { this.hideFor = null; this.render(); };
      if (!ov.contains(document.activeElement)) b.focus();
      return;
    }
    if (s.over && !this.overDismissed) {
      const w = s.winner || (s.view && s.view.winner);
      const me = this.mySide();
      const title = w ? (me && !this.hotseat ? (w === me ? t('status.youwin') : t('status.youlose', { side: sideName(w) })) : t('status.winner', { side: sideName(w) })) : t('phase.over');
      const v = s.view || {};
      const sum = summaryOf(this.logAll || s.log || []);
      const cell = (side, f) => `<td>${esc(f(side))}</td>`;
      const row = (key, f) => `<tr><th scope="row">${esc(t(key))}</th>${cell('allies', f)}${cell('axis', f)}</tr>`;
      const html = `<div class="dialog over" role="dialog" aria-modal="true" aria-labelledby="over-title">
        <div class="dialog-side side-${esc(w || '')}">${glyphBadge(w || 'allies')}</div>
        <h2 id="over-title">${esc(title)}</h2>
        <p class="final-medals">${esc(sideName('allies'))} ${arr2(v.medals, 0)} — ${arr2(v.medals, 1)} ${esc(sideName('axis'))}</p>
        <table class="summary"><caption>${esc(t('sum.title'))} · ${esc(t('sum.turns', { n: v.turn || 1 }))}</caption>
          <thead><tr><th></th><th scope="col">${esc(sideName('allies'))}</th><th scope="col">${esc(sideName('axis'))}</th></tr></thead><tbody>
          ${row('sum.row.medals', (sd) => String(arr2(v.medals, sd === 'allies' ? 0 : 1)))}
          ${row('sum.row.units', (sd) => String(sum[sd].units))}
          ${row('sum.row.figures', (sd) => String(sum[sd].figures))}
          ${['infantry', 'armor', 'artillery', ...new Set([...Object.keys(sum.allies.byClass), ...Object.keys(sum.axis.byClass)])].filter((c, i, a) => a.indexOf(c) === i && (sum.allies.byClass[c] || sum.axis.byClass[c])).map((c) => `<tr class="sum-class" data-class="${esc(c)}"><th scope="row">${esc(rowName('unit', c))}</th>${['allies', 'axis'].map((sd) => { const x = sum[sd].byClass[c] || { figures: 0, units: 0 }; return `<td>${x.figures}${x.units ? `<br><small>${esc(t('sum.units', { units: x.units }))}</small>` : ''}</td>`; }).join('')}</tr>`).join('')}
          ${row('sum.row.dice', (sd) => String(sum[sd].dice))}
          ${row('sum.row.grenades', (sd) => `${sum[sd].grenades} (${(sum[sd].dice / 6).toFixed(1)})`)}
        </tbody></table>
        <div class="dialog-buttons">${s.spectator ? '' : `<button type="button" class="btn primary" id="rematch">${esc(t('btn.rematch.same'))}</button><button type="button" class="btn" id="swap">${esc(t('btn.swap'))}</button>`}<a class="btn" id="replay-game" href="/play/${encodeURIComponent(this.id)}?replay=0${location.hash}">${esc(t('btn.replay.game'))}</a><a class="btn" href="/">${esc(t('btn.rematch'))}</a><button type="button" class="btn" id="close-over">${esc(t('btn.close'))}</button></div></div>`;
      if (html !== this.overHtml || ov.hidden) {
        ov.hidden = false;
        ov.innerHTML = html;
        this.overHtml = html;
        $('#close-over', ov).onclick = () => { this.overDismissed = true; this.render(); };
        if (!s.spectator) {
          $('#rematch', ov).onclick = () => this.rematch(false);
          $('#swap', ov).onclick = () => this.rematch(true);
        }
      }
      return;
    }
    ov.hidden = true;
    ov.innerHTML = '';
  }

  // ---- the scenario briefing, the preferences, the hand drawer ----

  async openBriefing() {
    this.briefOpen = true;
    const box = $('#brief', this.root);
    box.hidden = false;
    this.renderBriefing();
    if (!this.briefing) {
      try {
        this.briefing = await api.briefing(this.id, lang());
      } catch (e) {
        toast(errorText(e.code, e.message), 'error');
        this.closeBriefing();
        return;
      }
      this.renderBriefing();
    }
  }

  closeBriefing() {
    this.briefOpen = false;
    const box = $('#brief', this.root);
    box.hidden = true;
    box.innerHTML = '';
    $('#brief-btn', this.root).focus({ preventScroll: true });
  }

  renderBriefing() {
    if (!this.briefOpen) return;
    const box = $('#brief', this.root);
    const s = this.snap || {};
    const b = this.briefing;
    const holders = ((s.scenario && s.scenario.objectives) || []).map((o) => o.holder || (o.taken && o.taken[0]) || null);
    const html = `<div class="dialog wide brief" role="dialog" aria-modal="true" aria-labelledby="brief-title">
      <div class="brief-head"><div><h2 id="brief-title">${esc((b && b.name) || (s.scenario && s.scenario.name) || '')}</h2>
      ${b && (b.subtitle || b.date) ? `<p class="scn-subtitle">${esc([b.subtitle, b.date && (b.date_end ? `${b.date} – ${b.date_end}` : b.date)].filter(Boolean).join(' · '))}</p>` : ''}</div>
      <button type="button" class="btn" id="brief-close">${esc(t('btn.close'))}</button></div>
      <div class="brief-body">${briefingHtml(b, { hexName: (h) => this.hexName(h), holders })}</div></div>`;
    if (html === this.briefHtml && box.innerHTML) return;
    this.briefHtml = html;
    box.innerHTML = html;
    $('#brief-close', box).onclick = () => this.closeBriefing();
    box.onclick = (e) => { if (e.target === box) this.closeBriefing(); };
    if (!box.contains(document.activeElement)) $('#brief-close', box).focus({ preventScroll: true });
  }

  // hexName names a hex for the briefing: its map label, else its terrain, with its coordinates.
  hexName(h) {
    const s = this.snap || {};
    const lab = ((s.scenario && s.scenario.labels) || []).find((l) => l.hex === h);
    const f = ((s.view && s.view.features) || []).find((x) => x.hex === h);
    const name = lab ? lab.text.join(' ') : rowName('terrain', (f && f.terrain) || 'plain');
    return `${name} (${h})`;
  }

  // openHelp shows the rules reference: the terrain chart of the game's catalog.
  async openHelp() {
    const box = $('#help', this.root);
    await this.catalogReady;
    box.hidden = false;
    box.innerHTML = `<div class="dialog wide brief help" role="dialog" aria-modal="true" aria-labelledby="help-title">
      <div class="brief-head"><h2 id="help-title">${esc(t('help.title'))}</h2><button type="button" class="btn" id="help-close">${esc(t('btn.close'))}</button></div>
      <div class="brief-body">${helpHtml()}</div></div>`;
    const close = () => { box.hidden = true; box.innerHTML = ''; $('#help-btn', this.root).focus({ preventScroll: true }); };
    $('#help-close', box).onclick = close;
    box.onclick = (e) => { if (e.target === box) close(); };
    $('#help-close', box).focus();
  }

  openPrefs() {
    const box = $('#prefs', this.root);
    const opt = (name, val, label) => `<label class="opt${prefs[name] === val ? ' on' : ''}"><input type="radio" name="${name}" value="${val}"${prefs[name] === val ? ' checked' : ''}> ${esc(label)}</label>`;
    box.hidden = false;
    box.innerHTML = `<div class="dialog wide prefs" role="dialog" aria-modal="true" aria-labelledby="prefs-title"><h2 id="prefs-title">${esc(t('pref.title'))}</h2>
      <fieldset><legend>${esc(t('pref.cards'))}</legend><div class="opts">${[0.8, 1, 1.25].map((v) => opt('cards', v, `${Math.round(v * 100)} %`)).join('')}</div></fieldset>
      <fieldset><legend>${esc(t('pref.pace'))}</legend><div class="opts">${['fast', 'normal', 'slow'].map((v) => opt('pace', v, t('pref.pace.' + v))).join('')}</div></fieldset>
      <label class="opt"><input type="checkbox" name="ambushAuto"${prefs.ambushAuto ? ' checked' : ''}> ${esc(t('pref.ambush'))}</label>
      <label class="opt"><input type="checkbox" name="confirmEnd"${prefs.confirmEnd ? ' checked' : ''}> ${esc(t('pref.confirm'))}</label>
      <div class="dialog-buttons"><button type="button" class="btn primary" id="prefs-close">${esc(t('btn.close'))}</button></div></div>`;
    box.onchange = (e) => {
      const el = e.target;
      if (el.type === 'checkbox') prefs[el.name] = el.checked;
      else prefs[el.name] = el.name === 'cards' ? Number(el.value) : el.value;
      savePrefs();
      this.root.style.setProperty('--card-zoom', prefs.cards);
      this.openPrefs();
      const again = box.querySelector(`[name="${el.name}"]${el.type === 'radio' ? `[value="${el.value}"]` : ''}`);
      if (again) again.focus();
    };
    $('#prefs-close', box).onclick = () => { box.hidden = true; $('#prefs-btn', this.root).focus({ preventScroll: true }); };
    box.onclick = (e) => { if (e.target === box) box.hidden = true; };
    if (!box.contains(document.activeElement)) $('#prefs-close', box).focus();
  }

  // drawerOpen: on a phone the hand is a drawer, open when the player asks,
  // or by itself when a card must be chosen.
  drawerOpen() {
    // A chosen card is confirmed with the buttons under the board: the drawer steps aside.
    if (this.sel.card != null && phone()) return false;
    if (this.drawer != null) return this.drawer;
    return !!(this.L && (byKind(this.L, 'play').length || byKind(this.L, 'keep').length));
  }

  renderDrawer() {
    const s = this.snap, v = s.view || {};
    // The player's own choice lasts until a card is, or is no longer, to be chosen.
    const needs = !!(this.L && (byKind(this.L, 'play').length || byKind(this.L, 'keep').length));
    if (this.drawerNeeds !== needs) { this.drawerNeeds = needs; this.drawer = null; }
    const open = this.drawerOpen();
    const bar = $('#hand-bar', this.root);
    bar.classList.toggle('open', open);
    const tg = $('#hand-toggle', this.root);
    tg.setAttribute('aria-expanded', String(open));
    const n = s.spectator ? 0 : (v.hand || []).length;
    tg.innerHTML = `<span>${esc(t('panel.hand'))}${n ? ` · ${n}` : ''}</span><span aria-hidden="true">${open ? '▾' : '▴'}</span>`;
  }

  // replayLastTurn walks through the last complete turn again, one step at
  // a time at the chosen pace: each step's words in the status and its hexes
  // lit on the board (the units stay where they are now).
  async replayLastTurn() {
    if (this.replay) { this.replay.stop = true; return; }
    const log = this.logAll || [];
    const turns = [];
    log.forEach((e, i) => { if (e.event && e.event.kind === 'turn') turns.push(i); });
    if (!turns.length) return;
    const from = turns.length > 1 ? turns[turns.length - 2] : turns[0];
    const to = turns.length > 1 ? turns[turns.length - 1] : log.length;
    const kinds = new Set(['turn', 'play', 'order', 'move', 'battle', 'dice', 'hits', 'retreat', 'flag-losses', 'eliminated', 'take-ground', 'card-attack', 'ambush', 'exit', 'medals', 'healed', 'flag-ignored', 'airdrop']);
    const steps = log.slice(from, to).filter((e) => e.event && kinds.has(e.event.kind));
    const btn = $('#replay', this.root);
    this.replay = { line: '', hexes: [], stop: false, view: null };
    btn.setAttribute('aria-pressed', 'true');
    // A true rewind: the board as it stood when the turn began, from the
    // server's replay of the game's record (GET …/replay?step=N: the engine
    // replays the recorded actions; the client decides nothing), then each
    // event of the turn moves, hits or removes the units it names. Without
    // it (an error), the units stay where they are and the steps are lit.
    const turnNo = Number((log[from].event || {}).turn) || 0;
    try {
      const head = await api.replay(this.id, 'last');
      const at = (head.turns || [])[turnNo - 1];
      if (turnNo && at != null) {
        const start = await api.replay(this.id, at);
        if (start && start.view && Array.isArray(start.view.units)) this.replay.view = { ...(this.snap.view || {}), ...start.view, units: start.view.units.map((u) => ({ ...u })) };
      }
    } catch { /* no rewind: light the steps on the board as it is */ }
    for (const e of steps) {
      if (this.replay.stop) break;
      const ev = e.event;
      this.replay.line = this.words(e);
      this.replay.hexes = [ev.from, ev.to, ev.hex].filter(Boolean);
      if (this.replay.view) rewindStep(this.replay.view, e, this);
      this.render();
      await sleep(Math.max(paceMs() * 2, 400));
    }
    this.replay = null;
    btn.removeAttribute('aria-pressed');
    this.render();
  }

  // rematch starts the same battle again with the same seats (their
  // kinds: player, computer level), or with the sides swapped; this browser
  // keeps the seats it held (or their opposites) and invite links for the others.
  async rematch(swap) {
    const s = this.snap;
    const other = (seat) => seat.replace(/^(allies|axis)/, (m) => (m === 'allies' ? 'axis' : 'allies'));
    const seats = {}, players = { allies: 0, axis: 0 };
    for (const x of s.seats || []) {
      seats[swap ? other(x.seat) : x.seat] = x.kind;
      players[x.side]++;
    }
    const mine = Object.keys(this.seatTokens).map((seat) => (swap ? other(seat) : seat));
    const req = { scenario: s.scenario.id, seats, players: swap ? { allies: players.axis, axis: players.allies } : players, hotseat: !!s.hotseat, lang: lang() };
    try {
      const res = await api.createGame(req);
      const tokens = {}, links = {};
      for (const seat of mine) if (res.tokens && res.tokens[seat]) tokens[seat] = res.tokens[seat];
      for (const [seat, l] of Object.entries(res.links || {})) if (!tokens[seat]) links[seat] = l;
      store.put(res.game, { tokens, links, hotseat: mine.length > 1, current: tokens[mine[0]], name: s.scenario.name });
      location.assign(`/play/${encodeURIComponent(res.game)}#${mine.map((m) => tokens[m]).filter(Boolean).join(',')}`);
    } catch (e) {
      toast(errorText(e.code, e.message), 'error');
    }
  }

  // ---- input ----

  clickHex(h) {
    if (this.pending || !this.plan_) return;
    const m = this.plan_.marks[h];
    if (!m) {
      if (this.sel.unit) { this.sel.unit = null; this.render(); }
      return;
    }
    if (m.action) { this.act(m.action); return; }
    if (m.actions && m.actions.length > 1) { this.choose(h, m.actions); return; }
    if (m.smoke && this.sel.smoke) {
      const c = this.sel.smoke;
      this.sel.smoke = c.includes(m.smoke) ? c.filter((h) => h !== m.smoke) : [...c, m.smoke];
      this.render();
      return;
    }
    if (m.select) {
      this.sel.unit = this.sel.unit === m.select ? null : m.select;
      this.render();
    }
  }

  hoverHex(h, fromLog) {
    if (!fromLog) return;
    if (this.hover === h) return;
    this.hover = h;
    this.render();
  }

  choose(h, actions) {
    const ov = $('#overlay', this.root);
    ov.hidden = false;
    ov.innerHTML = `<div class="dialog" role="dialog" aria-modal="true"><h2>${esc(this.plan_.what)}</h2><div class="dialog-buttons">${actions.map((a, i) => `<button type="button" class="btn primary" data-i="${i}">${esc(a.ignore ? t('btn.retreat.ignore') : t('phase.retreat', { n: hexDistance(a.from, a.to) }))}</button>`).join('')}<button type="button" class="btn" data-i="-1">${esc(t('btn.cancel'))}</button></div></div>`;
    ov.onclick = (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      ov.onclick = null;
      const i = Number(b.dataset.i);
      if (i >= 0) this.act(actions[i].action);
      this.renderOverlay();
    };
    const first = ov.querySelector('button');
    if (first) first.focus();
  }

  cancel() {
    if (this.sel.card != null || this.sel.unit || this.sel.smoke) {
      this.sel = { card: null, unit: null };
      this.render();
    }
  }

  key(e) {
    if (e.key === 'Escape') {
      if (this.briefOpen) { this.closeBriefing(); return; }
      if (!$('#prefs', this.root).hidden) { $('#prefs', this.root).hidden = true; return; }
      if (!$('#help', this.root).hidden) { $('#help', this.root).hidden = true; $('#help-btn', this.root).focus({ preventScroll: true }); return; }
      this.cancel();
    }
  }

  // confirmAct acts, after asking when the engine says the play does
  // nothing (a Probe on an empty flank: Legal.idle) or, unless turned off in
  // the settings, when the turn ends with units that can still battle.
  confirmAct(action) {
    const a = (this.L || []).find((x) => x.action === action);
    let ask = '';
    if (a && a.kind === 'play' && a.idle) ask = t('confirm.idle', { card: cardName(a.name || this.cardNameById(a.card)) });
    if (a && a.kind === 'end-battles' && prefs.confirmEnd) {
      const n = new Set(byKind(this.L, 'battle').map((x) => x.from)).size;
      if (n) ask = t('confirm.end-battles', { n });
    }
    if (!ask) { this.act(action); return; }
    const ov = $('#overlay', this.root);
    ov.hidden = false;
    ov.innerHTML = `<div class="dialog confirm" role="alertdialog" aria-modal="true" aria-labelledby="confirm-text"><p id="confirm-text">${esc(ask)}</p>
      <div class="dialog-buttons"><button type="button" class="btn primary" id="confirm-yes">${esc(t('btn.confirm'))}</button><button type="button" class="btn" id="confirm-no">${esc(t('btn.cancel'))}</button></div></div>`;
    this.confirming = true;
    const done = (yes) => { this.confirming = false; ov.hidden = true; ov.innerHTML = ''; if (yes) this.act(action); else this.render(); };
    $('#confirm-yes', ov).onclick = () => done(true);
    $('#confirm-no', ov).onclick = () => done(false);
    $('#confirm-no', ov).focus();
  }

  // autoPass answers an Ambush question at once when the player holds no
  // Ambush (the engine offers only "skip"): always against the computer,
  // which learns nothing from it, and against people if the player chose so.
  autoPass() {
    const s = this.snap;
    if (!s || !s.your_turn || this.hideFor || this.pending || s.over || (s.view || {}).phase !== 'ambush') return;
    const L = this.L || [];
    const sk = L.find((a) => a.kind === 'skip');
    if (!sk || byKind(L, 'play').length || this.autoPassed === s.version) return;
    const others = (s.seats || []).filter((x) => x.side !== s.side);
    const vsBot = others.length > 0 && others.every((x) => x.kind && x.kind.startsWith('bot'));
    if (!vsBot && !prefs.ambushAuto) return;
    this.autoPassed = s.version;
    setTimeout(() => this.act(sk.action), 0);
  }

  async act(action) {
    if (this.pending) return;
    this.pending = true;
    this.render();
    const version = this.snap.version;
    try {
      await api.act(this.id, this.token, action, version);
      this.sel = { card: null, unit: null };
      // Stay busy until the new position arrives (the socket brings it; fetch it if slow).
      if (this.snap.version <= version) {
        this.waitVersion = version;
        setTimeout(() => { if (this.waitVersion === version) this.refresh(); }, 1200);
        setTimeout(() => { if (this.waitVersion === version) { this.waitVersion = null; this.pending = false; this.render(); } }, 6000);
        return;
      }
    } catch (e) {
      this.sel = { card: null, unit: null };
      if (e.code === 'stale') toast(t('err.stale'), 'info');
      else toast(errorText(e.code, e.message), 'error');
      await this.refresh();
    }
    this.pending = false;
    this.render();
  }

  async undo() {
    if (this.pending) return;
    this.pending = true;
    try {
      await api.undo(this.id, this.token, this.snap.version);
      this.sel = { card: null, unit: null };
      await this.refresh();
    } catch (e) {
      toast(errorText(e.code, e.message), 'error');
    } finally {
      this.pending = false;
      this.render();
    }
  }
}

// ---- helpers ----

function layout() {
  return `<div class="game">
  <header class="topbar">
    <a class="brand" href="/" aria-label="m44">m44</a>
    <div class="scn"><div id="scn-name" class="scn-name"></div><div id="turn" class="turn"></div></div>
    <div id="medals" class="medals"></div>
    <div class="top-tools">
      <button type="button" id="brief-btn" class="btn top-btn" aria-haspopup="dialog"><span data-i18n="btn.briefing"></span></button>
      <button type="button" id="help-btn" class="btn top-btn" aria-haspopup="dialog"><span data-i18n="btn.help"></span></button>
      <button type="button" id="prefs-btn" class="btn top-btn" aria-haspopup="dialog" data-i18n-title="btn.settings" data-i18n-aria="btn.settings"><span aria-hidden="true">⚙</span></button>
      <div id="conn" class="conn" role="status"></div>
      <span id="lang-slot"></span>
    </div>
  </header>
  <main class="table">
    <section class="board-wrap" data-i18n-aria="lobby.board">
      <div id="board-vp" class="board-vp"><div id="board" class="board"></div></div>
      <div id="zoom-ctl" class="zoom-ctl">
        <button type="button" class="btn" data-zoom="in" data-i18n-title="btn.zoom.in" data-i18n-aria="btn.zoom.in">+</button>
        <button type="button" class="btn" data-zoom="out" data-i18n-title="btn.zoom.out" data-i18n-aria="btn.zoom.out">−</button>
        <button type="button" class="btn" data-zoom="fit" data-i18n-title="btn.zoom.fit" data-i18n-aria="btn.zoom.fit">⤢</button>
      </div>
    </section>
    <aside class="side">
      <div id="status" class="status" role="status" aria-live="polite"><div id="status-who" class="who"></div><div id="status-what" class="what"></div></div>
      <div id="actions" class="actions"></div>
      <div id="dice" class="dice" role="region" data-i18n-aria="panel.dice" hidden></div>
      <div id="played" class="played" hidden></div>
      <div id="invite" class="invite" hidden></div>
      <div class="log"><div class="log-head"><h3 data-i18n="panel.log"></h3><button type="button" id="replay" class="btn small-btn" data-i18n="btn.replay"></button></div><ol id="log-list" class="log-list" role="log" data-i18n-aria="panel.log"></ol></div>
    </aside>
  </main>
  <footer id="hand-bar" class="hand-bar">
    <button type="button" id="hand-toggle" class="hand-toggle" aria-expanded="false" aria-controls="hand"></button>
    <div id="hand" class="hand" role="region" data-i18n-aria="panel.hand"></div><div id="deck" class="deck"></div>
  </footer>
  <div id="brief" class="overlay brief-overlay" hidden></div>
  <div id="prefs" class="overlay" hidden></div>
  <div id="help" class="overlay" hidden></div>
  <div id="overlay" class="overlay" hidden></div>
</div>`;
}

const SECTION_COUNTS = {
  recon: 1, probe: 2, attack: 3, assault: '∗',
  'general-advance': [2, 2, 2], 'pincer-move': [2, 0, 2], 'recon-in-force': [1, 1, 1],
};

// sectionCounts is how many units a card orders in each section (left,
// center, right; '∗' for all), or null for a card that does not order by
// section: the base game's table, else the catalog row's quota.
function sectionCounts(kind, section) {
  const at = (n) => ['left', 'center', 'right'].map((s) => (s === section ? n : 0));
  if (kind in SECTION_COUNTS) return Array.isArray(SECTION_COUNTS[kind]) ? SECTION_COUNTS[kind] : at(SECTION_COUNTS[kind]);
  const r = row('card', kind);
  if (!r || r.tactic) return null;
  const q = r.quota || {};
  const n = (v) => (v === 'all' ? '∗' : v || 0);
  if (r.section) return at(n(q.section));
  const counts = [n(q.left), n(q.center), n(q.right)];
  return counts.some(Boolean) ? counts : null;
}

// CARD_TITLE_ROOM is the width a hand card's title has, in pixels.
const CARD_TITLE_ROOM = 94;

export function cardHtml(c, o = {}) {
  const { kind, section } = cardParts(c.name);
  const counts = sectionCounts(kind, section);
  const tactic = !counts;
  let diagram = '';
  if (!tactic) diagram = `<div class="card-sections">${counts.map((n) => `<span class="${n ? 'on' : ''}">${n || ''}</span>`).join('')}</div>`;
  const tag = o.button ? 'button' : 'div';
  const attrs = [`class="card ${tactic ? 'tactic' : 'section'}${o.playable ? ' playable' : ''}${o.selected ? ' selected' : ''}${o.dim ? ' dim' : ''}${o.small ? ' small' : ''}"`, `data-card="${c.id}"`];
  if (o.button) attrs.push('type="button"');
  if (o.keep) attrs.push('data-keep="1"');
  attrs.push(`aria-label="${esc(cardName(c.name) + '. ' + cardEffect(c.name))}"`);
  if (o.selected) attrs.push('aria-pressed="true"');
  const sec = section ? `<div class="card-sec">${esc(t('section.' + cap(section)))}</div>` : '';
  const playBtn = o.selected && !/^infantry-assault/.test(c.name) ? `<span class="card-play" data-play="1" data-card="${c.id}">${esc(t('btn.play'))} ▸</span>` : '';
  const keepBtn = o.keep ? `<span class="card-play">${esc(t('btn.keep'))}</span>` : '';
  // The title's size: its longest word on one line of the narrowest card
  // (112 px less the head's padding and the border: 94 px).
  const title = rowName('card', kind), size = titleSize(title, CARD_TITLE_ROOM);
  const head = size < 0.8 ? `<div class="card-head" style="font-size:${size}rem">` : '<div class="card-head">';
  return `<${tag} ${attrs.join(' ')}>${head}<span class="card-title">${esc(title)}</span></div>${sec}${diagram}<div class="card-fx">${esc(cardEffect(c.name))}</div>${o.note ? `<div class="card-note">${esc(o.note)}</div>` : ''}${playBtn}${keepBtn}</${tag}>`;
}

function glyphBadge(side) {
  const pal = paletteFor('country');
  const sd = side === 'axis' ? 'axis' : 'allies';
  return `<svg viewBox="0 0 60 60" width="60" height="60" aria-hidden="true"><rect x="3" y="3" width="54" height="54" rx="8" fill="${pal.side[sd]}" stroke="${pal.sideDark[sd]}" stroke-width="3"/>${glyph('infantry', { x: 30, y: 32 }, 54, pal.sideText[sd], pal.sideDark[sd])}</svg>`;
}

// sectionsOf: the sections a card in effect orders in.
function sectionsOf(eff) {
  const { kind, section } = cardParts(eff);
  if (section) return [section];
  if (kind === 'general-advance' || kind === 'recon-in-force') return ['left', 'center', 'right'];
  if (kind === 'pincer-move') return ['left', 'right'];
  const counts = kind in SECTION_COUNTS ? null : sectionCounts(kind, '');
  return counts ? ['left', 'center', 'right'].filter((s, i) => counts[i]) : [];
}

const actSide = (s) => s.to_act_side || (s.view && s.view.to_act) || '';

// seatLabel names a seat: its side, and its number in a team.
function seatLabel(s, seat, side) {
  const m = /-(\d)$/.exec(seat || '');
  return m ? `${sideName(side)} ${m[1]}` : sideName(side);
}

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const lastLogN = (s) => { const l = s.log || []; return l.length ? l[l.length - 1].n : 0; };

// arr2 reads a per-side number sent as [allies, axis] or {allies, axis}.
function arr2(v, i) {
  if (!v) return 0;
  if (Array.isArray(v)) return v[i] || 0;
  return v[i === 0 ? 'allies' : 'axis'] || 0;
}

// topSide: the side whose baseline is row 0 (from the scenario, else where its units stand).
function topSide(s) {
  if (s.scenario && s.scenario.top) return s.scenario.top;
  const rows = { allies: [], axis: [] };
  for (const u of (s.view && s.view.units) || []) rows[u.side] && rows[u.side].push(parseHex(u.hex).r);
  const avg = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
  if (!rows.allies.length || !rows.axis.length) return 'axis';
  return avg(rows.axis) <= avg(rows.allies) ? 'axis' : 'allies';
}

// trailOf: arrows for the moves, retreats and battles of this turn and the one before.
function trailOf(log) {
  let last = -1, prev = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].event && log[i].event.kind === 'turn') {
      if (last < 0) last = i; else { prev = i; break; }
    }
  }
  const out = [];
  for (let i = Math.max(prev, 0); i < log.length; i++) {
    const ev = log[i].event || {};
    const old = i < last;
    if (ev.kind === 'move' || ev.kind === 'take-ground') out.push({ from: ev.from, to: ev.to, kind: 'move', old });
    else if (ev.kind === 'retreat') out.push({ from: ev.from, to: ev.to, kind: 'retreat', old });
    else if (ev.kind === 'battle' || ev.kind === 'ambush' || ev.kind === 'battle-back') out.push({ from: ev.from, to: ev.to, kind: 'battle', old });
  }
  // Only this turn's battles: older ones clutter the board.
  return out.filter((x) => !(x.old && x.kind === 'battle')).slice(-24);
}

// summaryOf counts, from the log, what each side lost and rolled: units
// eliminated (by owner), figures lost (a hit's side is the other side of
// the battle, attack or ambush just before it), dice and grenades rolled.
function summaryOf(log) {
  const side0 = () => ({ units: 0, figures: 0, dice: 0, grenades: 0, byClass: {} });
  const out = { allies: side0(), axis: side0() };
  const foe = (sd) => (sd === 'allies' ? 'axis' : sd === 'axis' ? 'allies' : null);
  const unitOf = (e) => { const u = (e.text && e.text.args && e.text.args.unit) || (e.event || {}).unit; return isObj(u) ? u : null; };
  // byClass[class] counts the figures and units each side lost of each
  // class, from the unit the loss names (events name their units).
  const lost = (sd, u, figures, units) => {
    if (!out[sd]) return;
    out[sd].figures += figures;
    out[sd].units += units;
    if (!u || !u.type) return;
    const c = out[sd].byClass[u.type] || (out[sd].byClass[u.type] = { figures: 0, units: 0 });
    c.figures += figures;
    c.units += units;
  };
  let target = null;
  for (const e of log) {
    const ev = e.event || {};
    const u = unitOf(e);
    if (ev.kind === 'battle' || ev.kind === 'card-attack' || ev.kind === 'ambush') target = foe(ev.side);
    else if (ev.kind === 'hits' || ev.kind === 'flag-losses') lost(u ? u.side : target, u, Number(ev.figures) || 0, 0);
    else if (ev.kind === 'eliminated') lost(ev.side, u, 0, 1);
    else if (ev.kind === 'dice' && out[ev.side] && Array.isArray(ev.faces)) {
      out[ev.side].dice += ev.faces.length;
      out[ev.side].grenades += ev.faces.filter((f) => f === 'grenade').length;
    }
  }
  return out;
}

// rewindStep carries the event of log entry e onto view's units during a
// replay of the last turn: the facts the engine reported (a unit moved,
// retreated or took ground; lost, got back or gave figures; was eliminated
// or left the board), so that the board follows the steps; units slide.
function rewindStep(view, e, game) {
  const ev = e.event || {};
  const a = { ...ev, ...(e.text && e.text.args) };
  const units = view.units;
  const on = (h) => units.find((u) => u.hex === h);
  const figs = Number(a.figures) || 0;
  switch (ev.kind) {
    case 'move': case 'retreat': case 'take-ground': {
      const u = on(a.from);
      if (u) { u.hex = a.to; (game.slides = game.slides || []).push({ from: a.from, to: a.to }); }
      break;
    }
    case 'hits': case 'flag-losses': { const u = on(a.hex); if (u) u.figures = Math.max(0, u.figures - figs); break; }
    case 'healed': { const u = on(a.hex); if (u) u.figures += figs; break; }
    case 'reinforced': { const f = on(a.from), u = on(a.to); if (f) f.figures = Math.max(0, f.figures - figs); if (u) u.figures += figs; break; }
    case 'eliminated': { const i = units.findIndex((u) => u.hex === a.hex); if (i >= 0) units.splice(i, 1); break; }
    case 'exit': { const i = units.findIndex((u) => u.hex === a.from); if (i >= 0) units.splice(i, 1); break; }
    default:
  }
}
