// The replay of a game from its record (/play/{game}?replay=N): the board
// after each action, step by step, with a jump to any turn; the link is
// shareable. The server replays (GET /api/games/{id}/replay?step=N) and
// sends the position as a spectator sees it (no hand).
import { api } from './api.js';
import { t, sideName, applyDom, onLang } from './i18n.js';
import { BoardView } from './board.js';
import { esc } from './svg.js';
import { langSelect, toast, errorText } from './ui.js';

const $ = (sel, root = document) => root.querySelector(sel);

export function startReplay(root, id, step) {
  root.innerHTML = `<div class="game replay">
  <header class="topbar">
    <a class="brand" href="/" aria-label="m44">m44</a>
    <div class="scn"><div id="scn-name" class="scn-name"></div><div id="turn" class="turn"></div></div>
    <div id="rp-medals" class="rp-medals"></div>
    <div class="top-tools"><a id="rp-back" class="btn top-btn" data-i18n="replay.back"></a><span id="lang-slot"></span></div>
  </header>
  <main class="table"><section class="board-wrap"><div class="board-vp"><div id="board" class="board"></div></div></section>
  <aside class="side"><div class="status"><div class="who" data-i18n="replay.title"></div><div id="rp-step" class="what"></div><div id="rp-action" class="rp-action"></div></div>
    <div class="actions rp-controls">
      <button type="button" class="btn" data-go="first" data-i18n-aria="replay.first" data-i18n-title="replay.first">⏮</button>
      <button type="button" class="btn" data-go="prev" data-i18n-aria="replay.prev" data-i18n-title="replay.prev">◀</button>
      <button type="button" class="btn primary" data-go="next" data-i18n-aria="replay.next" data-i18n-title="replay.next">▶</button>
      <button type="button" class="btn" data-go="last" data-i18n-aria="replay.last" data-i18n-title="replay.last">⏭</button>
    </div>
    <label class="rp-turn"><span data-i18n="replay.jump"></span> <select id="rp-turns"></select></label>
  </aside></main></div>`;
  $('#lang-slot', root).replaceWith(langSelect());
  applyDom(root);
  const board = new BoardView($('#board', root), {});
  $('#rp-back', root).href = `/play/${encodeURIComponent(id)}${location.hash}`;
  let cur = null;
  const show = () => {
    if (!cur) return;
    const v = cur.view || {};
    $('#scn-name', root).textContent = (cur.scenario && cur.scenario.name) || '';
    $('#turn', root).textContent = `${t('status.turn', { n: cur.turn })} · ${sideName(cur.active)}`;
    $('#rp-step', root).textContent = t('replay.step', { n: cur.step, total: cur.steps });
    $('#rp-action', root).textContent = cur.over && cur.step === cur.steps ? t('status.winner', { side: sideName(cur.winner) }) : cur.action || '';
    const m = v.medals || {};
    $('#rp-medals', root).textContent = `${sideName('allies')} ${m.allies ?? 0} — ${m.axis ?? 0} ${sideName('axis')}`;
    const top = (cur.scenario && cur.scenario.top) || 'axis';
    board.render({ scenario: cur.scenario || {}, view: v, flip: top === 'allies', bottom: top === 'allies' ? 'axis' : 'allies', marks: {}, trail: [], objectives: (cur.scenario && cur.scenario.objectives) || [], highlight: [], sections: [] });
    const sel = $('#rp-turns', root);
    sel.innerHTML = (cur.turns || []).map((s, i) => `<option value="${s}"${i + 1 === cur.turn ? ' selected' : ''}>${esc(t('status.turn', { n: i + 1 }))}</option>`).join('');
    for (const b of root.querySelectorAll('[data-go]')) b.disabled = (b.dataset.go === 'first' || b.dataset.go === 'prev') ? cur.step === 0 : cur.step === cur.steps;
  };
  let loading = false;
  const go = async (n) => {
    if (loading) return;
    loading = true;
    try {
      cur = await api.replay(id, n);
      history.replaceState(null, '', `${location.pathname}?replay=${cur.step}${location.hash}`);
      show();
    } catch (e) {
      toast(errorText(e.code, e.message), 'error');
    } finally { loading = false; }
  };
  root.addEventListener('click', (e) => {
    const b = e.target.closest('[data-go]');
    if (!b || !cur) return;
    const to = { first: 0, prev: cur.step - 1, next: cur.step + 1, last: cur.steps }[b.dataset.go];
    go(to);
  });
  $('#rp-turns', root).addEventListener('change', (e) => go(Number(e.target.value)));
  document.addEventListener('keydown', (e) => {
    if (!cur || e.target.closest('select')) return;
    if (e.key === 'ArrowRight') go(cur.step + 1);
    if (e.key === 'ArrowLeft') go(cur.step - 1);
  });
  onLang(() => { applyDom(root); show(); });
  go(step);
}
