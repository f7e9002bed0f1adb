// The rules reference: the terrain chart, built from the game's catalog
// (the engine's own rows: what each ground and feature does to movement,
// battle and sight), worded in the player's language. A row's effects that
// the chart has no column for are given by the catalog's English summary.
import { t, rowName } from './i18n.js';
import { rows } from './catalog.js';
import { esc } from './svg.js';

const CLASSES = ['infantry', 'armor', 'artillery'];
const SHOWN = new Set(['key', 'layer', 'source', 'summary', 'symbol', 'must_stop', 'no_battle', 'from_adjacent', 'impassable', 'blocks_sight', 'protection', 'protected_below', 'height', 'ignore_flag', 'water']);

const classes = (list) => (list || []).map((c) => t('unit.' + c)).join(', ');
const dice = (o) => CLASSES.filter((c) => o && o[c]).map((c) => `${t('unit.' + c)} −${o[c]}`).join(' · ');

function rowHtml(r, names) {
  const move = [], battle = [], sight = [];
  if (r.impassable && r.impassable.length) move.push(r.impassable.length === 3 ? t('help.impassable.all') : t('help.impassable', { classes: classes(r.impassable) }));
  if (r.must_stop) move.push(t('help.stop'));
  if (r.from_adjacent) move.push(t('help.adjacent'));
  if (r.no_battle) battle.push(t('help.nobattle'));
  if (r.protection) battle.push(`${t('help.protection')}: ${dice(r.protection)}`);
  if (r.protected_below) battle.push(t('help.below'));
  if (r.ignore_flag && r.ignore_flag.length) battle.push(t('help.ignoreflag', { classes: classes(r.ignore_flag) }));
  if (r.blocks_sight) sight.push(t('help.blocks'));
  if (r.height) sight.push(t('help.height', { n: r.height }));
  const more = Object.keys(r).some((k) => !SHOWN.has(k));
  const cell = (l, col) => `<td data-col="${esc(t(col))}">${l.map((x) => `<div>${esc(x)}</div>`).join('') || '—'}</td>`;
  return `<tr data-key="${esc(r.key)}"><th scope="row">${esc(rowName(names, r.key))}${more && r.summary ? `<div class="help-more" lang="en">${esc(r.summary)}</div>` : ''}</th>${cell(move, 'help.col.move')}${cell(battle, 'help.col.battle')}${cell(sight, 'help.col.sight')}<td class="help-src" data-col="${esc(t('help.col.source'))}">${esc(r.source || '')}</td></tr>`;
}

// helpHtml is the terrain chart of the catalog in use.
export function helpHtml() {
  const head = `<thead><tr><th></th><th scope="col">${esc(t('help.col.move'))}</th><th scope="col">${esc(t('help.col.battle'))}</th><th scope="col">${esc(t('help.col.sight'))}</th><th scope="col">${esc(t('help.col.source'))}</th></tr></thead>`;
  const grounds = rows('ground').map((r) => rowHtml(r, 'terrain')).join('');
  const feats = rows('feature').map((r) => rowHtml(r, ['structure', 'obstacle', 'marker', 'feature'])).join('');
  return `<section><h3>${esc(t('help.terrain'))}</h3><div class="help-scroll"><table class="help-chart">${head}<tbody>${grounds}</tbody></table></div></section>
    <section><h3>${esc(t('help.features'))}</h3><div class="help-scroll"><table class="help-chart">${head}<tbody>${feats}</tbody></table></div></section>
    <p class="brief-help">${esc(t('help.note'))}</p>`;
}
