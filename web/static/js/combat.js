// Winter Combat cards (Winter Wars II "Cartes Combat d'Hiver"): a second
// hand beside the command cards, each card with its timing, its effect and
// its Tenacity mark; the buttons are the engine's legal "combat" actions
// (the page never decides what may be played). The cards' printed texts are
// not shipped: a card shows the name and text the game was given, and the
// panel says so.
import { t } from './i18n.js';
import { byKind } from './actions.js';
import { esc } from './svg.js';
import { titleSize } from './ui.js';

// effectText is a card's effect in the page's language.
function effectText(c) {
  const units = (c.classes && c.classes.length ? c.classes.map((k) => t('combat.class.' + k)).join(', ') : t('combat.class.any'))
    + (c.buildings ? ' ' + t('combat.buildings') : '');
  const key = 'combat.effect.' + (c.effect || 'none');
  const s = t(key, { n: c.n || 0, units });
  return s === key ? (c.summary || '') : s;
}

// titleStyle sets a title whose longest word would not fit beside the
// Tenacity mark (118 px less padding, border and the mark: 84 px) smaller.
function titleStyle(title) {
  const size = titleSize(title, 84, 0.78, 700);
  return size < 0.78 ? ` style="font-size:${size}rem"` : '';
}

// cardHtml is one Combat card with the buttons of its legal plays.
function cardHtml(c, plays) {
  // A deployment offers one small button per hex the engine allows, under
  // one "Deploy on" line; each button's title says the whole play.
  const deploy = c.effect === 'deploy' && plays.some((a) => a.from);
  let buttons = plays.map((a) => {
    const label = a.tenacity || / tenacity$/.test(a.action) ? t('combat.as-tenacity')
      : a.from ? t(c.effect === 'deploy' ? 'combat.deploy-on' : 'combat.play-on', { hex: a.from }) : t('combat.play');
    if (deploy && a.from) return `<button type="button" class="combat-play combat-hex" data-action="${esc(a.action)}" title="${esc(label)}" aria-label="${esc(label)}">${esc(a.from)}</button>`;
    return `<button type="button" class="combat-play" data-action="${esc(a.action)}">${esc(label)}</button>`;
  }).join('');
  if (deploy) buttons = `<div class="combat-deploy">${esc(t('combat.deploy'))}</div><div class="combat-hexes">${buttons}</div>`;
  const title = c.name || c.key;
  return `<div class="combat-card${plays.length ? ' playable' : ''}" data-combat="${c.id}">
    <div class="combat-top"><b${titleStyle(title)}>${esc(title)}</b>${c.tenacity ? `<span class="combat-tenacity" title="${esc(t('combat.tenacity'))}">T</span>` : ''}</div>
    <div class="combat-timing">${esc(t('combat.timing.' + c.timing))}</div>
    <div class="combat-effect">${esc(effectText(c))}</div>
    ${c.text ? `<div class="combat-text">${esc(c.text)}</div>` : ''}
    ${buttons}</div>`;
}

// renderCombat draws the Combat hand of game page g (a GamePage) in the
// hand bar, after the command cards; nothing when the game has none.
export function renderCombat(g) {
  const s = g.snap || {}, v = s.view || {};
  const bar = g.root.querySelector('.hand-bar');
  let box = g.root.querySelector('#combat-hand');
  if (!v.combat || !bar) { if (box) box.remove(); return; }
  if (!box) {
    box = document.createElement('div');
    box.id = 'combat-hand';
    box.className = 'combat-hand';
    bar.insertBefore(box, bar.querySelector('#deck'));
  }
  const L = s.your_turn && !g.hideFor ? byKind(g.L || [], 'combat') : [];
  const held = v.combat.held || {};
  const mine = s.spectator || g.hideFor ? [] : (v.combat_hand || []); // none behind the hot-seat hand-over screen
  const counts = ['allies', 'axis'].map((sd) => t('combat.held', { side: t('side.' + sd), n: held[sd] ?? 0 })).join(' · ');
  let html = `<h3 title="${esc(t('combat.notshipped'))}">${esc(t('combat.title'))} <span class="combat-info">?</span></h3>`;
  html += `<div class="combat-meta">${esc(t('combat.pile', { n: v.combat.pile }))} · ${esc(counts)}</div>`;
  html += `<div class="combat-cards">${mine.map((c) => cardHtml(c, L.filter((a) => a.card === c.id))).join('')
    || `<span class="muted">${esc(s.spectator ? t('combat.hidden') : t('combat.none'))}</span>`}</div>`;
  if ((v.combat.in_force || []).length) html += `<div class="combat-meta">${esc(t('combat.in-force', { cards: v.combat.in_force.map((x) => x.split(':')[1]).join(', ') }))}</div>`;
  if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
  box.onclick = (e) => {
    const b = e.target.closest('button[data-action]');
    if (b && !g.pending) g.act(b.dataset.action);
  };
}
