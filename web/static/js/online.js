// Online play (issue 13): its words, and the lobby's pieces for links that
// must reach other machines.
import { extend } from './i18n.js';
import words from './i18n/online.js';
import { esc } from './svg.js';

// The dictionaries of online play join the main ones, also those of a
// language loaded later (a key the main dictionaries already have keeps
// their wording).
extend(words);

// reachNote is the HTML of the invite dialog's extra lines: a warning when
// the server's links open only on this machine, and the spectator link.
export function reachNote(res, t) {
  let html = '';
  if (res && res.local_only) {
    let host = '';
    try { host = new URL(res.spectate).host; } catch { /* no URL */ }
    html += `<p class="warn" id="local-only" role="note">${esc(t('online.local', { host }))}</p>`;
  }
  if (res && res.spectate) {
    html += `<div class="invite-row"><span class="seat-label">${esc(t('online.spectate'))}</span><input readonly id="spectate-url" value="${esc(res.spectate)}" aria-label="${esc(t('online.spectate'))}"><button type="button" class="btn" data-copy="${esc(res.spectate)}">${esc(t('btn.copy'))}</button></div>`;
  }
  return html;
}
