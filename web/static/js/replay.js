// The replay of a game from its record (/play/{game}?replay=N): the board
// after each action, step by step, with a jump to any turn; the link is
// shareable. The server replays (GET /api/games/{id}/replay?step=N) and
// sends the position as a spectator sees it (no hand) and the log up to
// it, worded by the game page's renderer (js/logwords.js).
import { api } from './api.js';
import { t, sideName, applyDom, onLang } from './i18n.js';
import { logRows } from './logwords.js';
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
      <button type="button" class="btn" data-go="first" data-i18n-aria="replay.first" data-i18n-title="replay.first"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3h2v10H3zM13 3v10L6 8z" fill="currentColor"/></svg></button>
      <button type="button" class="btn" data-go="prev" data-i18n-aria="replay.prev" data-i18n-title="replay.prev">◀</button>
      <button type="button" class="btn primary" data-go="next" data-i18n-aria="replay.next" data-i18n-title="replay.next">▶</button>
      <button type="button" class="btn" data-go="last" data-i18n-aria="replay.last" data-i18n-title="replay.last"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M11 3h2v10h-2zM3 3v10l7-5z" fill="currentColor"/></svg></button>
    </div>
    <label class="rp-turn"><span data-i18n="replay.jump"></span> <select id="rp-turns"></select></label>
    <div class="log"><div class="log-head"><h3 data-i18n="panel.log"></h3></div><ol id="log-list" class="log-list" role="log" data-i18n-aria="panel.log"></ol></div>
  </aside></main></div>`;
  $('#lang-slot', root).replaceWith(langSelect());
  applyDom(root);
  const board = new BoardView($('#board', root), {});
  $('#rp-back', root).href = `/play/${encodeURIComponent(id)}${location.hash}`;
  let cur = null;
  let hover = null; // the hex a log chip points at
  const drawBoard = () => {
    const top = (cur.scenario && cur.scenario.top) || 'axis';
    board.render({ scenario: cur.scenario || {}, view: cur.view || {}, flip: top === 'allies', bottom: top === 'allies' ? 'axis' : 'allies', marks: {}, trail: [], objectives: (cur.scenario && cur.scenario.objectives) || [], highlight: hover ? [hover] : [], sections: [] });
  };
  const show = () => {
    if (!cur) return;
    const v = cur.view || {};
    $('#scn-name', root).textContent = (cur.scenario && cur.scenario.name) || '';
    $('#turn', root).textContent = `${t('status.turn', { n: cur.turn })} · ${sideName(cur.active)}`;
    $('#rp-step', root).textContent = t('replay.step', { n: cur.step, total: cur.steps });
    // The log up to this step in words, the step's own lines marked and
    // repeated under the step counter.
    const log = cur.log || [];
    const ctx = { scenario: cur.scenario || {}, view: v };
    const latest = log.slice(log.length - (cur.latest || 0));
    const mark = new Set(latest.map((e) => e.n));
    const box = $('#log-list', root);
    box.innerHTML = logRows(log, ctx, mark).join('') || `<li class="log-start">${esc((cur.scenario && cur.scenario.name) || '')}</li>`;
    // The step's own lines, dice last; a step a spectator sees nothing of
    // (a card kept in hand, an order given without a move) says so.
    const all = logRows(latest, ctx);
    const words = all.filter((r) => !/class="log-(dice|no-effect)/.test(r));
    const stepRows = (words.length ? words : all).slice(0, 3);
    $('#rp-action', root).innerHTML = cur.over && cur.step === cur.steps ? esc(t('status.winner', { side: sideName(cur.winner) }))
      : stepRows.length ? stepRows.map((r) => r.replace(/^<li[^>]*>/, '<div>').replace(/<\/li>$/, '</div>')).join('')
        : `<div class="muted">${esc(t('replay.quiet'))}</div>`;
    const m = v.medals || {};
    $('#rp-medals', root).textContent = `${sideName('allies')} ${m.allies ?? 0} — ${m.axis ?? 0} ${sideName('axis')}`;
    drawBoard();
    const sel = $('#rp-turns', root);
    sel.innerHTML = (cur.turns || []).map((s, i) => `<option value="${s}"${i + 1 === cur.turn ? ' selected' : ''}>${esc(t('status.turn', { n: i + 1 }))}</option>`).join('');
    for (const b of root.querySelectorAll('[data-go]')) b.disabled = (b.dataset.go === 'first' || b.dataset.go === 'prev') ? cur.step === 0 : cur.step === cur.steps;
    // The step's lines are the last: shown once the panel has its height.
    box.scrollTop = box.scrollHeight;
    requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
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
  // A place chip in the log shows its hex on the board.
  const point = (e) => {
    const h = e.target.closest && e.target.closest('.hexref');
    const hex = h ? h.dataset.hex : null;
    if (hex === hover) return;
    hover = hex;
    if (cur) drawBoard();
  };
  root.querySelector('.side').addEventListener('mouseover', point);
  root.querySelector('.side').addEventListener('mouseleave', () => { if (hover && cur) { hover = null; drawBoard(); } });
  document.addEventListener('keydown', (e) => {
    if (!cur || e.target.closest('select')) return;
    if (e.key === 'ArrowRight') go(cur.step + 1);
    if (e.key === 'ArrowLeft') go(cur.step - 1);
  });
  onLang(() => { applyDom(root); show(); });
  go(step);
}
