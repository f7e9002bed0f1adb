// Reading the snapshot's legal actions (the engine's text grammar,
// docs/protocol.md) into what the page offers. The client never decides
// what is legal: every choice it shows is one of these actions.

// parse reads one legal entry: the server sends {action, kind, from, to,
// card, name, dice}; a bare string is read from its text.
export function parse(entry) {
  const e = typeof entry === 'string' ? { action: entry } : { ...entry };
  const f = String(e.action || '').trim().split(/\s+/);
  e.kind = e.kind || f[0];
  switch (f[0]) {
    case 'play':
      if (e.card == null) e.card = Number(f[1]);
      if (f[2] === 'as-air-power') e.as = 'air-power'; // a Recon played as Air Power (air raids)
      else if (f[2] && !e.section) e.section = f[2];
      break;
    case 'keep': if (e.card == null) e.card = Number(f[1]); break;
    case 'order': case 'remove-wire': case 'blow': case 'pontoon': case 'recover': if (!e.from) e.from = f[1]; break;
    case 'target': case 'enter': if (!e.to) e.to = f[1]; break;
    case 'smoke': if (!e.hexes) e.hexes = f.slice(1, 4); break; // a smoke screen's three hexes (rules.Setup.Smoke)
    case 'drop': // paratroopers called in over a hex (rules.CalledAirdrop)
      if (!e.from) e.from = f[1];
      if (e.units == null) e.units = Number(f[2]);
      break;
    case 'move': case 'battle': case 'take-ground': case 'exit': case 'reinforce':
      if (!e.from) e.from = f[1];
      if (!e.to) e.to = f[2];
      break;
    case 'retreat':
      if (!e.from) e.from = f[1];
      if (!e.to) e.to = f[2];
      e.ignore = f[3] === 'ignore' || !!e.ignore;
      break;
    default: break;
  }
  if (e.kind === 'play' && !e.section) {
    const m = /\s(left|center|right)$/.exec(e.action);
    if (m) e.section = m[1];
  }
  return e;
}

export function parseAll(legal) { return (legal || []).map(parse); }

export const byKind = (L, kind) => L.filter((a) => a.kind === kind);
