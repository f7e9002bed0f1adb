// The server: JSON over HTTP (docs/web-api.md) and the game's WebSocket.

export class ApiError extends Error {
  constructor(status, code, message, extra = {}) {
    super(message || code);
    this.status = status;
    this.code = code;
    Object.assign(this, extra);
  }
}

async function call(method, path, body, raw = false) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': raw ? 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'network', String(e && e.message));
  }
  let data = null;
  const txt = await res.text();
  try { data = txt ? JSON.parse(txt) : null; } catch { data = null; }
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(res.status, err.code || 'http_' + res.status, err.message || txt.slice(0, 200), { problems: err.problems });
  }
  return data;
}

export const api = {
  health: () => call('GET', '/api/health'),
  scenarios: () => call('GET', '/api/scenarios'),
  scenario: (id) => call('GET', `/api/scenarios/${encodeURIComponent(id)}`),
  upload: (text) => call('POST', '/api/scenarios', text, true),
  createGame: (req) => call('POST', '/api/games', req),
  snapshot: (id, token, all = false) => call('GET', `/api/games/${encodeURIComponent(id)}?${token ? `token=${encodeURIComponent(token)}&` : ''}${all ? 'log=all' : ''}`),
  act: (id, token, action, version) => call('POST', `/api/games/${encodeURIComponent(id)}/actions`, { token, action, version }),
  replay: (id, step) => call('GET', `/api/games/${encodeURIComponent(id)}/replay?step=${encodeURIComponent(step)}`),
  briefing: (id, lang) => call('GET', `/api/games/${encodeURIComponent(id)}/briefing?lang=${encodeURIComponent(lang || '')}`),
  catalog: (id) => call('GET', id ? `/api/games/${encodeURIComponent(id)}/catalog` : '/api/catalog'),
  undo: (id, token, version) => call('POST', `/api/games/${encodeURIComponent(id)}/undo`, { token, version }),
};

// LOG_TAIL is how many of the log's last entries a snapshot carries.
const LOG_TAIL = 250;

// applyDelta is the snapshot a delta message turns prev into, or null if
// it does not apply to prev (docs/web-api.md, "Update and delta"): set's
// fields replace prev's, but view's, merged into prev's view; unset's go
// ("view.x": from the view); the events extend the log, which keeps its
// last LOG_TAIL entries as a whole snapshot's does. prev is not changed.
export function applyDelta(prev, d) {
  if (!prev || !prev.view || prev.version !== d.base) return null;
  const s = { ...prev, view: { ...prev.view } };
  for (const [k, v] of Object.entries(d.set || {})) {
    if (k === 'view') Object.assign(s.view, v);
    else s[k] = v;
  }
  for (const k of d.unset || []) {
    if (k.startsWith('view.')) delete s.view[k.slice(5)];
    else delete s[k];
  }
  const events = d.events || [];
  if (events.length) s.log = [...(prev.log || []), ...events].slice(-LOG_TAIL);
  return s;
}

// Live keeps a WebSocket to a game open, reconnecting with backoff; it
// reports each message and the connection state. The server sends a whole
// update first, then deltas: Live applies them, and reports each as an
// update with the whole snapshot.
export class Live {
  constructor(game, { onUpdate, onState, onError }) {
    this.game = game;
    this.onUpdate = onUpdate;
    this.onState = onState || (() => {});
    this.onError = onError || (() => {});
    this.token = '';
    this.since = 0;
    this.ws = null;
    this.tries = 0;
    this.timer = null;
    this.closed = false;
  }

  open(token, since) {
    this.token = token || '';
    this.since = since || 0;
    this.closed = false;
    this.connect();
  }

  connect() {
    clearTimeout(this.timer);
    if (this.ws) { this.ws.onclose = null; this.ws.close(); this.ws = null; }
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = new URLSearchParams({ since: String(this.since) });
    if (this.token) q.set('token', this.token);
    const url = `${proto}//${location.host}/api/games/${encodeURIComponent(this.game)}/ws?${q}`;
    this.onState('connecting');
    let ws;
    try { ws = new WebSocket(url); } catch { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => { this.tries = 0; this.onState('online'); };
    let snap = null; // this socket's snapshot, its deltas applied
    let asked = false; // a whole update asked for, deltas ignored until it comes
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      if (m.type === 'delta') {
        if (asked) return;
        const s = applyDelta(snap, m);
        if (!s) {
          // Not the snapshot it follows (should not happen): ask for a whole one.
          asked = true;
          snap = null;
          try { ws.send(JSON.stringify({ type: 'full' })); } catch { /* onclose follows */ }
          return;
        }
        snap = s;
        m = { type: 'update', version: m.version, events: m.events, snapshot: s };
      } else if (m.type === 'update') {
        snap = m.snapshot || null;
        asked = false;
      }
      if (m.type === 'update') {
        if (typeof m.version === 'number') this.since = Math.max(this.since, m.version);
        this.onUpdate(m);
      } else if (m.type === 'error') this.onError(m);
    };
    ws.onclose = () => { if (this.ws === ws) { this.ws = null; this.retry(); } };
    ws.onerror = () => { /* onclose follows */ };
  }

  retry() {
    if (this.closed) return;
    this.onState('offline');
    const delay = Math.min(15000, 500 * 2 ** this.tries) * (0.75 + Math.random() * 0.5);
    this.tries++;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  // seen tells the version the client already shows (for the next reconnect).
  seen(v) { if (v > this.since) this.since = v; }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) { this.ws.onclose = null; this.ws.close(); this.ws = null; }
  }
}

// Store remembers each game's tokens and settings in localStorage.
const GAMES = 'm44.games';
export const store = {
  all() { try { return JSON.parse(localStorage.getItem(GAMES) || '{}'); } catch { return {}; } },
  get(id) { return this.all()[id] || null; },
  put(id, rec) {
    const all = this.all();
    all[id] = { ...(all[id] || {}), ...rec, id, touched: Date.now() };
    // Keep the 30 most recent.
    const keep = Object.values(all).sort((a, b) => b.touched - a.touched).slice(0, 30);
    try { localStorage.setItem(GAMES, JSON.stringify(Object.fromEntries(keep.map((g) => [g.id, g])))); } catch { /* ignore */ }
  },
};
