// The log in words (issue 18): each entry of a game's log as a line of the
// player's language, the units named by nation and type, the places as
// chips ("in the forest", "at Ranville") whose title holds the coordinates.
// One renderer for the game page and the replay page: both give it the
// scenario (its labels) and the position (its features) the lines are
// read on.
import { t, template, has, cardName, cardParts, sideName, rowName, unitPhrase, unitNum } from './i18n.js';
import { hexDistance } from './board.js';
import { dieFace } from './symbols.js';
import { esc } from './svg.js';

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// capFirst capitalises a log line's first letter when it starts with words
// (French "l'infanterie…" → "L'infanterie…"), not with markup.
const capFirst = (s) => (s && s[0] !== '<' ? s[0].toLocaleUpperCase() + s.slice(1) : s);
const isHex = (h) => /^-?\d+,-?\d+$/.test(h);

// placeKey is the dictionary key of the phrase that says a unit is on a
// catalog row ("at.forest": "in the forest"): every ground and feature of
// every ruleset has one in each language (web/logwords_test.go checks).
// Plain ground is open ground.
export function placeKey(key) { return key === 'plain' ? 'at.open' : 'at.' + key; }

function rowPhrase(key, table) {
  const k = placeKey(key);
  return has(k) ? t(k) : t('at.other', { place: rowName(table, key) });
}

// placePhrase is where hex h is, in words, on position ctx ({scenario,
// view}): at its map label, else on its structure (a bridge, a bunker), in
// its ground ("in the forest"), behind its obstacle, at its marker, else
// near a label two hexes away at most, else "in the open".
export function placePhrase(h, ctx) {
  const sc = (ctx && ctx.scenario) || {}, v = (ctx && ctx.view) || {};
  const lab = (sc.labels || []).find((l) => l.hex === h);
  if (lab) return t('at.label', { label: lab.text.join(' ') });
  const f = (v.features || []).find((x) => x.hex === h);
  if (f && f.structure) return rowPhrase(f.structure, ['feature', 'terrain']);
  if (f && f.terrain && f.terrain !== 'plain') return rowPhrase(f.terrain, 'terrain');
  if (f && f.obstacle) return rowPhrase(f.obstacle, ['obstacle', 'marker', 'feature']);
  if (f && f.markers && f.markers.length) return rowPhrase(f.markers[0], ['marker', 'feature']);
  if (!isHex(h)) return h;
  // Open ground: near the closest map label within two hexes, if any.
  let near = null, best = 3;
  for (const l of sc.labels || []) {
    const d = hexDistance(l.hex, h);
    if (d < best) { best = d; near = l; }
  }
  if (near) return t('at.near', { label: near.text.join(' ') });
  return t('at.open');
}

// placeName names a hex: its map label, else its ground when that is not
// open countryside, else its coordinates (always in the chip's title).
export function placeName(h, ctx) {
  const sc = (ctx && ctx.scenario) || {}, v = (ctx && ctx.view) || {};
  const lab = (sc.labels || []).find((l) => l.hex === h);
  if (lab) return lab.text.join(' ');
  const f = (v.features || []).find((x) => x.hex === h);
  if (f && f.terrain && f.terrain !== 'plain') return `${rowName('terrain', f.terrain)} ${h}`;
  return h;
}

// The events that take a unit from one hex to another: when both ends read
// the same ("in the open → in the open") the line says how far instead,
// with the key's ".within" form.
const JOURNEYS = new Set(['move', 'retreat', 'take-ground']);

// logWords is log entry `entry` in words, as HTML (chips, dice, card names).
export function logWords(entry, ctx) {
  const ev = entry.event || {};
  const args = { ...ev, ...(entry.text && entry.text.args) };
  const hexRef = (h) => (h ? `<span class="hexref" data-hex="${esc(h)}" title="${esc(h)}">${esc(placeName(h, ctx))}</span>` : '');
  // {at}, {from_at}, {to_at}: where, in words ("in the forest", "at
  // Ranville"), a chip naming the hex and its coordinates when pointed at.
  const atRef = (h, title) => (h ? `<span class="hexref" data-hex="${esc(h)}" title="${esc(title || (placeName(h, ctx) === h ? h : placeName(h, ctx) + ' · ' + h))}">${esc(placePhrase(h, ctx))}</span>` : '');
  const A = {};
  for (const [k, val] of Object.entries(args)) A[k] = esc(Array.isArray(val) ? val.join(' ') : val);
  if (args.side) A.side = esc(sideName(args.side));
  for (const k of ['hex', 'from', 'to']) if (args[k]) A[k] = hexRef(args[k]);
  if (!args.hex && args.from) A.hex = A.from;
  const at = args.hex || args.from;
  A.at = atRef(at);
  A.from_at = atRef(args.from || args.hex);
  A.to_at = atRef(args.to);
  // {unit}, {target} (subjects) and {unit_acc}, {target_acc} (objects):
  // the units the event names, in words; num: the number the verb agrees with.
  const unit = isObj(args.unit) ? args.unit : null, target = isObj(args.target) ? args.target : null;
  A.unit = esc(unitPhrase(unit)); A.unit_acc = esc(unitPhrase(unit, true));
  A.target = esc(unitPhrase(target)); A.target_acc = esc(unitPhrase(target, true));
  args.num = unitNum(unit);
  const cname = ev.card_name || (typeof args.card === 'string' ? args.card : '');
  if (cname) {
    let nm = cardName(cname);
    if (args.section && !cardParts(cname).section) nm += ` (${t('section.' + cap(args.section))})`;
    A.card = `<b>${esc(nm)}</b>`;
  }
  if (args.obstacle) A.obstacle = esc(rowName(['obstacle', 'marker', 'feature'], args.obstacle));
  if (Array.isArray(args.faces)) A.faces = args.faces.map((f) => `<span class="mini-die" title="${esc(t('face.' + f))}">${dieFace(f, 18)}</span>`).join('');
  let key = (entry.text && entry.text.key) || 'ev.' + ev.kind;
  if (!has(key)) {
    key = 'ev.' + ev.kind;
    if ((ev.kind === 'play' || ev.kind === 'draw') && !cname) key += '.hidden';
  }
  // A journey whose two ends read the same: how far, and one chip that
  // names both hexes (pointing at it shows where the unit now stands).
  if (JOURNEYS.has(ev.kind) && key === 'ev.' + ev.kind && isHex(args.from) && isHex(args.to) && args.from !== args.to &&
      placePhrase(args.from, ctx) === placePhrase(args.to, ctx) && has(key + '.within')) {
    key += '.within';
    if (args.hexes == null) args.hexes = hexDistance(args.from, args.to);
    A.hexes = esc(args.hexes);
    A.from_at = atRef(args.to, `${args.from} → ${args.to}`);
  }
  const s = template(key, args);
  if (s === key) return esc(ev.text || key);
  return capFirst(s.replace(/\{(\w+)\}/g, (m, k) => (k in A ? A[k] : m)));
}

// noEffect: the roll of entry e hit nothing (no loss, retreat, flag or heal
// follows it before the next roll, battle or turn).
export function noEffect(log, e) {
  let i = log.indexOf(e);
  for (i++; i < log.length; i++) {
    const k = (log[i].event || {}).kind;
    if (['hits', 'retreat', 'flag-losses', 'eliminated', 'flag-ignored', 'healed'].includes(k)) return false;
    if (['dice', 'battle', 'turn', 'card-attack', 'ambush', 'turn-end', 'game-over'].includes(k)) return true;
  }
  return false; // its effects may not have arrived yet
}

// logRows is the log's list items: a line per entry (the server's steps
// left out), a line for a roll with no effect; `mark` marks the entries
// whose number it holds (the replay's last step).
export function logRows(log, ctx, mark = null) {
  const skip = new Set(['turn-end', 'step']);
  const rows = [];
  for (const e of log) {
    const ev = e.event || {};
    if (skip.has(ev.kind)) continue;
    const now = mark && mark.has(e.n) ? ' now' : '';
    if (ev.kind === 'turn') { rows.push(`<li class="log-turn side-${esc(ev.side || '')}${now}">${logWords(e, ctx)}</li>`); continue; }
    rows.push(`<li class="log-${esc(ev.kind || 'x')}${ev.side ? ' side-' + esc(ev.side) : ''}${now}">${logWords(e, ctx)}</li>`);
    if (ev.kind === 'dice' && noEffect(log, e)) rows.push(`<li class="log-no-effect${now}">${esc(t('ev.no-effect'))}</li>`);
  }
  return rows;
}
