// Small shared pieces: the language switch, polite messages.
import { t, lang, setLang, LANG_CODES, LANG_NAMES } from './i18n.js';

export function langSelect() {
  const wrap = document.createElement('label');
  wrap.className = 'lang';
  const span = document.createElement('span');
  span.className = 'sr-only';
  span.dataset.i18n = 'lobby.language';
  span.textContent = t('lobby.language');
  const sel = document.createElement('select');
  sel.id = 'lang';
  sel.setAttribute('aria-label', t('lobby.language'));
  // On a phone the closed switch shows the language's code alone (the
  // names stay in each option's title and the screen reader's label).
  const short = matchMedia('(max-width: 760px)').matches;
  for (const code of LANG_CODES) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = short ? code.toUpperCase() : `${code.toUpperCase()} · ${LANG_NAMES[code]}`;
    o.title = LANG_NAMES[code];
    o.lang = code;
    sel.append(o);
  }
  sel.value = lang();
  sel.addEventListener('change', () => setLang(sel.value));
  wrap.append(span, sel);
  return wrap;
}

let toastTimer = null;
// toast shows a short message at the top of the page (errors stay longer).
export function toast(msg, kind = 'info') {
  let el = document.getElementById('toast');
  if (!el) {
    el = document.createElement('div');
    el.id = 'toast';
    el.setAttribute('role', 'alert');
    document.body.append(el);
  }
  el.className = `toast ${kind} show`;
  el.textContent = msg;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), kind === 'error' ? 7000 : 3500);
  el.onclick = () => el.classList.remove('show');
}

// errorText words a server error code politely.
export function errorText(code, message) {
  if (code === 'network' || code === 0) return t('err.network');
  const key = 'err.' + code;
  const s = t(key, { message: message || '' });
  return s === key ? t('err.generic', { message: message || code }) : s;
}

// titleSize is the font size (rem) at which the longest word of a card's
// title fits on one line of a card `room` pixels wide inside, at most `rem`:
// a long French or German title ("Reconnaissance", "Gegenangriff") is set
// smaller instead of being cut off or broken in the middle of a word. It
// measures the words with the page's font on a canvas, so it needs no
// layout (a card in a closed drawer is sized like one on show).
let measureCtx = null;
export function titleSize(text, room, rem = 0.8, weight = 800) {
  if (!measureCtx) measureCtx = document.createElement('canvas').getContext('2d');
  if (!measureCtx || !text) return rem;
  const px = rem * 16;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  measureCtx.font = `${weight} ${px}px ${family}`;
  let widest = 0;
  for (const w of String(text).split(/\s+|(?<=-)/)) widest = Math.max(widest, measureCtx.measureText(w).width);
  if (widest <= room) return rem;
  return Math.max(0.55, Math.floor((rem * room / widest) * 100) / 100);
}
