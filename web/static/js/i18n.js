// Interface text in four languages. t(key, args) words a message, in the
// plural form its count needs; the language comes from localStorage, else
// the browser's language, else English.
import en from './i18n/en.js';
import { pluralForm } from './i18n/plural.js';
import { row, humanise } from './catalog.js';

// Only English (the fallback) and the chosen language are loaded: another
// dictionary is fetched when the player switches to it.
export const LANGS = { en };
export const LANG_CODES = ['fr', 'de', 'cs', 'en'];
export const LANG_NAMES = { fr: 'Français', de: 'Deutsch', cs: 'Čeština', en: 'English' };
const KEY = 'm44.lang';
let current = pick();
const listeners = new Set();

// Dictionaries of other parts of the client (online play) join the main
// ones, in every language: now for those loaded, on loading for the others.
const extras = [];
function merge(code) {
  for (const words of extras) {
    const d = words[code];
    if (!d || !LANGS[code]) continue;
    for (const [k, v] of Object.entries(d)) if (!(k in LANGS[code])) LANGS[code][k] = v; // the main wording wins
  }
}

// extend adds words ({en: {...}, fr: {...}, ...}) to the dictionaries.
export function extend(words) {
  extras.push(words);
  for (const code of Object.keys(LANGS)) merge(code);
}

async function load(code) {
  if (!LANGS[code]) { LANGS[code] = { ...(await import(`./i18n/${code}.js`)).default }; merge(code); }
  return LANGS[code];
}

// ready resolves once the chosen language's dictionary is loaded (main.js
// waits for it before drawing anything).
export const ready = load(current).catch(() => { current = 'en'; });

function pick() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && LANG_NAMES[saved]) return saved;
  } catch { /* storage may be off */ }
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANG_NAMES[code]) return code;
  }
  return 'en';
}

export function lang() { return current; }

export async function setLang(code) {
  if (!LANG_NAMES[code] || code === current) return;
  await load(code);
  current = code;
  try { localStorage.setItem(KEY, code); } catch { /* ignore */ }
  document.documentElement.lang = code;
  for (const f of listeners) f(code);
}

export function onLang(f) { listeners.add(f); return () => listeners.delete(f); }

export function has(key) { return key in LANGS[current] || key in en; }

// template is key's message for args with its placeholders left in: the
// string, or for a message with a count (i18n/plural.js) the form of the
// count's CLDR plural category, chosen by Intl.PluralRules of the language
// the message comes from. An unknown key gives the key itself.
export function template(key, args = {}) {
  if (key in LANGS[current]) return pluralForm(LANGS[current][key], current, args, sideKey);
  if (key in en) return pluralForm(en[key], 'en', args, sideKey);
  return key;
}

// sideKey is the side an argument stands for: "allies"/"axis", or a side's
// name in the current language.
function sideKey(v) {
  if (v === 'allies' || v === 'axis') return v;
  for (const side of ['allies', 'axis']) if (v === template('side.' + side)) return side;
  return v;
}

// t words key with args ({name} placeholders); an unknown key shows itself.
export function t(key, args = {}) {
  return template(key, args).replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

// rowName names a catalog row (a terrain, feature, unit kind, card kind):
// its translation under the first of prefixes ("terrain", "obstacle"…) the
// dictionaries have, else its key humanised ("swamp" → "Swamp").
export function rowName(prefixes, key) {
  for (const p of [].concat(prefixes)) if (has(`${p}.${key}`)) return t(`${p}.${key}`);
  return humanise(key);
}

// rowKnown reports whether the dictionaries name the row.
export function rowKnown(prefixes, key) { return [].concat(prefixes).some((p) => has(`${p}.${key}`)); }

// rowHelp is a row's help text: its translation (help.<prefix>.<key>) if
// any, else for a row the dictionaries do not name the catalog's summary
// (English), else "".
export function rowHelp(prefixes, table, key) {
  for (const p of [].concat(prefixes)) if (has(`help.${p}.${key}`)) return t(`help.${p}.${key}`);
  if (rowKnown(prefixes, key)) return '';
  const r = row(table, key);
  return (r && r.summary) || '';
}

// cardParts splits a card's engine name into its kind and the section it
// names ("probe-left", "air-power"), for the base game's cards and for a
// catalog row that names a section.
const BASE_SECTIONED = /^(recon|probe|attack|assault|infantry-assault)$/;
export function cardParts(name) {
  const m = /^(.+)-(left|center|right)$/.exec(name || '');
  if (m) {
    const r = row('card', m[1]);
    if (BASE_SECTIONED.test(m[1]) || (r && (r.section || r.choose_section))) return { kind: m[1], section: m[2] };
  }
  return { kind: name || '', section: '' };
}

// cardName is a card's name in the language from its engine name
// ("probe-left", "air-power"); withSection adds the section.
export function cardName(name, withSection = true) {
  const { kind, section } = cardParts(name);
  const base = rowName('card', kind);
  if (!section || !withSection) return base;
  return `${base} (${t('section.' + section)})`;
}

// cardEffect is what a card does: its translation (fx.<kind>), else the
// catalog row's summary.
export function cardEffect(name) {
  const { kind, section } = cardParts(name);
  if (!has('fx.' + kind)) { const r = row('card', kind); return (r && r.summary) || ''; }
  return t('fx.' + kind, section ? { on: t('sec.on.' + section) } : {});
}

export function sideName(side) { return t('side.' + side); }

// The log's names of units. A unit the log names is {kind, type, side,
// nation} (docs/web-api.md "Log"): its class's noun phrase (np.<class> as a
// subject, npa.<class> as an object) with the nation's adjective in the form
// {nat|N} asks for (nat.<nation>: forms separated by "|"; a unit without a
// nation takes its side's, nat.allies/nat.axis); a kind that is not its
// class's plain row is named after it ("British armor (elite)", "German
// infantry (Combat engineers)").
const CLASSES = ['infantry', 'armor', 'artillery'];
const classOf = (u) => (CLASSES.includes(u.type) ? u.type : CLASSES.includes(u.kind) ? u.kind : 'infantry');

export function unitPhrase(u, object = false) {
  if (!u || !u.kind) return t(object ? 'npa.unknown' : 'np.unknown');
  const cls = classOf(u);
  const nat = has('nat.' + u.nation) ? t('nat.' + u.nation) : t(u.side === 'axis' ? 'nat.axis' : 'nat.allies');
  const forms = nat.split('|');
  let s = t((object ? 'npa.' : 'np.') + cls)
    .replace(/\{nat\|(\d)\}/g, (m, i) => forms[Math.min(Number(i), forms.length - 1)])
    .replace(/- /g, '-'); // German "Achsen-" + "Panzer"
  if (u.kind !== cls) s += ` (${u.kind === 'elite-' + cls ? t('unit.elite') : rowName('unit', u.kind)})`;
  return s;
}

// unitNum is the grammatical number of the unit's noun in the language
// ("sg"/"pl"), which a message by number (plural.js isChoice) agrees with.
export function unitNum(u) { return u && u.kind ? t('num.' + classOf(u)) : 'sg'; }

// applyDom fills every [data-i18n] element's text (and data-i18n-title,
// data-i18n-placeholder, data-i18n-aria attributes).
export function applyDom(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
}

document.documentElement.lang = current;
