// The scenario briefing (BGA's "scenario info"): victory conditions, the
// objectives with their side and kind, exits, special rules and how the
// engine plays each, set-up and history. Everything comes from the server's
// briefing (docs/web-api.md "Briefing"); the client only words it.
import { t, sideName, lang } from './i18n.js';
import { esc } from './svg.js';

const sidesText = (list) => (list && list.length === 2 ? `${sideName('allies')}, ${sideName('axis')}` : (list || []).map(sideName).join(', '));

// paragraphs turns a text with blank lines into <p>s.
const paragraphs = (s) => String(s || '').split(/\n\s*\n/).map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('');

// briefingHtml words briefing b. o.hexName(h) names a hex (the game page
// knows the board; the lobby does not); o.holders maps an objective's index
// to the side holding it now.
export function briefingHtml(b, o = {}) {
  if (!b) return `<p class="muted">${esc(t('brief.loading'))}</p>`;
  const textLang = b.lang && b.lang !== lang() ? ` lang="${esc(b.lang)}"` : '';
  const hexList = (hexes) => (hexes || []).map((h) => `<span class="hexref" data-hex="${esc(h)}">${esc(o.hexName ? o.hexName(h) : h)}</span>`).join(' ');
  let html = `<section class="brief-victory"><h3>${esc(t('brief.victory'))}</h3><ul class="brief-list">`;
  for (const side of ['allies', 'axis']) html += `<li class="side-${side}">${esc(t('brief.medals', { side: sideName(side), n: (b.medals || {})[side] ?? '?' }))}</li>`;
  html += `<li>${esc(t('brief.units'))}</li></ul>`;
  if (b.victory) html += `<div class="brief-text"${textLang}>${paragraphs(b.victory)}</div>`;
  html += '</section>';

  const objs = b.objectives || [];
  if (objs.length) {
    html += `<section class="brief-objectives"><h3>${esc(t('brief.objectives'))}</h3><ul class="brief-list">`;
    objs.forEach((ob, i) => {
      const help = t('obj.' + ob.kind + '.help', { count: ob.count || 1 });
      const worth = ob.kind === 'sudden-death' ? '' : ` · ${esc(t('obj.medals', { n: ob.medals || 1 }))}`;
      const holder = o.holders && o.holders[i] ? ` · <b>${esc(t('obj.holder', { side: sideName(o.holders[i]) }))}</b>` : '';
      html += `<li class="brief-obj obj-${esc(ob.kind)}" data-kind="${esc(ob.kind)}"><b>${esc(t('obj.' + ob.kind))}</b>${worth} · ${esc(t('obj.for', { sides: sidesText(ob.sides) }))}${holder}
        <div class="brief-help">${esc(help)}${ob.at_turn_end ? ` (${esc(t('obj.at-turn-end'))})` : ''}</div><div class="brief-hexes">${hexList(ob.hexes)}</div></li>`;
    });
    html += '</ul></section>';
  }
  if ((b.exits || []).length) {
    html += `<section class="brief-exits"><h3>${esc(t('brief.exits'))}</h3><ul class="brief-list">`;
    for (const e of b.exits) {
      const medals = ['infantry', 'armor', 'artillery'].filter((c) => e.medals && e.medals[c]).map((c) => `${t('unit.' + c)} ${e.medals[c]}`).join(', ');
      html += `<li>${esc(t('brief.exit', { side: sideName(e.side), medals }))}<div class="brief-hexes">${hexList(e.hexes)}</div></li>`;
    }
    html += '</ul></section>';
  }

  const facts = b.facts || [];
  const specials = b.specials || [];
  if (facts.length || specials.length || b.rules) {
    html += `<section class="brief-rules"><h3>${esc(t('brief.rules'))}</h3>`;
    if (facts.length) {
      html += '<ul class="brief-list brief-facts">';
      for (const f of facts) {
        const a = { ...(f.args || {}) };
        if (a.side) a.side = sideName(a.side);
        if (a.sides) a.sides = sidesText(a.sides);
        if (a.class) a.class = t('unit.' + a.class);
        let key = 'fact.' + f.key;
        if (a.while) { key += '.while'; a.hexes = (o.hexName ? a.while.map(o.hexName) : a.while).join(', '); }
        html += `<li data-fact="${esc(f.key)}">${esc(t(key, a))}</li>`;
      }
      html += '</ul>';
    }
    if (specials.length) {
      html += `<ul class="brief-list brief-specials">${specials.map((s) => `<li class="how-${esc(s.how)}"><span lang="en">${esc(s.text)}</span> <span class="brief-how">— ${esc(t('brief.how.' + s.how))}</span></li>`).join('')}</ul>`;
    } else if (b.rules) {
      html += `<div class="brief-text"${textLang}>${paragraphs(b.rules)}</div><p class="brief-help">${esc(t('brief.unchecked'))}</p>`;
    }
    html += '</section>';
  }

  html += `<section class="brief-setup"><h3>${esc(t('brief.setup'))}</h3><ul class="brief-list">`;
  for (const side of ['allies', 'axis']) html += `<li>${esc(t('brief.cards', { side: sideName(side), n: (b.cards || {})[side] ?? '?' }))}</li>`;
  if (b.first) html += `<li>${esc(t('lobby.first', { side: sideName(b.first) }))}</li>`;
  html += '</ul></section>';
  if (b.history) html += `<section class="brief-history"><h3>${esc(t('brief.history'))}</h3><div class="brief-text"${textLang}>${paragraphs(b.history)}</div></section>`;
  return html;
}
