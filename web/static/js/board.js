// The live board: terrain from the snapshot's features, units, objectives,
// and the marks that show what can be done. Drawn in SVG, client-side, in
// the visual language of `m44 render`.
import { Path, paint, text, esc, mix } from './svg.js';
import * as sym from './symbols.js';
import { t, sideName, lang, rowName, rowHelp } from './i18n.js';
import { row, catalogVersion } from './catalog.js';

// The base game's obstacles, which have pictures (a second one on a hex comes among the markers).
const OBSTACLES = new Set(['sandbags', 'wire', 'hedgehog', 'seawall']);
// Rows of the Terrain Pack and Winter Wars drawn as bands joining their
// neighbours: roads, railways, and water that can be crossed.
const ROAD_ROWS = ['road', 'snowy-road', 'hill-road'];
const RAIL_ROWS = ['railway', 'snowy-railway'];
const WET_ROWS = ['fordable-river', 'fordable-stream', 'river-mouth'];

const SQRT3 = Math.sqrt(3);
export const S = 60; // hex width in SVG units
const R = S / SQRT3;
const PAD = 10;

export const parseHex = (h) => { const [r, c] = String(h).split(',').map(Number); return { r, c }; };
export const hexKey = (r, c) => `${r},${c}`;
const DIRS = [[0, 2], [1, 1], [1, -1], [0, -2], [-1, -1], [-1, 1]];

// hexDistance in doubled coordinates.
export function hexDistance(a, b) {
  const A = parseHex(a), B = parseHex(b);
  const dr = Math.abs(A.r - B.r), dc = Math.abs(A.c - B.c);
  return dr + Math.max(0, (dc - dr) / 2);
}

// geometry of a board: {rows, width, maxCol, left, right} (section lines as
// doubled columns, from the bottom player's view, as hex.Grid).
export function geometry(board = {}) {
  const rows = board.rows || 9, width = board.width || 13;
  const maxCol = 2 * width - 2;
  let left = board.left_line, right = board.right_line;
  if (left == null || right == null) {
    if (width >= 26) { left = 15; right = 35; } else { left = 7; right = 17; }
  }
  return { rows, width, maxCol, left, right, W: width * S, H: rows * 1.5 * R + 0.5 * R };
}

// The unit kinds of the base game, which the client words from their class.
const BASE_KINDS = new Set(['infantry', 'armor', 'artillery', 'elite-infantry', 'elite-armor', 'elite-artillery', 'resistance']);

export class BoardView {
  constructor(el, { onHex, onHover } = {}) {
    this.el = el;
    this.onHex = onHex || (() => {});
    this.terrainKey = '';
    this.terrain = '';
    el.addEventListener('click', (e) => {
      const h = e.target.closest('[data-hex]');
      if (h) this.onHex(h.dataset.hex, e);
    });
    el.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const h = e.target.closest('[data-hex]');
      if (h) { e.preventDefault(); this.onHex(h.dataset.hex, e); }
    });
    if (onHover) {
      el.addEventListener('mouseover', (e) => { const h = e.target.closest('[data-hex]'); onHover(h ? h.dataset.hex : null); });
      el.addEventListener('mouseleave', () => onHover(null));
    }
  }

  // center of a hex in SVG units, with the board turned round when flip.
  center(r, c) {
    const g = this.g;
    if (this.flip) { r = g.rows - 1 - r; c = g.maxCol - c; }
    return { x: PAD + (c + 1) * (S / 2), y: PAD + R + r * 1.5 * R };
  }

  // render draws everything. st: {scenario, view, flip, marks, trail, objectives, highlight, focusable}
  render(st) {
    const scn = st.scenario || {};
    this.g = geometry(scn.board);
    this.flip = !!st.flip;
    this.bottomSide = st.bottom || null;
    const face = (scn.board && scn.board.face) || 'country';
    this.pal = sym.paletteFor(face);
    const feats = new Map();
    for (const f of st.view.features || []) feats.set(f.hex, f);
    this.feats = feats;
    const units = new Map();
    for (const u of st.view.units || []) units.set(u.hex, u);
    this.units = units;

    this.targets = st.view.target_markers || []; // big guns' target markers
    this.mines = new Map();
    for (const m of st.view.minefields || []) this.mines.set(m.hex, m);
    this.sabo = new Map();
    for (const sb of st.view.sabotage || []) this.sabo.set(sb.hex, sb);
    const key = JSON.stringify([scn.id, face, this.flip, st.view.features, st.view.minefields, st.view.sabotage, st.objectives, scn.labels, lang(), catalogVersion()]);
    if (key !== this.terrainKey) {
      this.terrain = this.drawTerrain(st.objectives || [], scn.labels || []);
      this.terrainKey = key;
    }
    const { W, H } = this.g;
    const vw = W + 2 * PAD, vh = H + 2 * PAD;
    const parts = [];
    parts.push(`<svg class="board-svg" viewBox="0 0 ${vw} ${vh}" preserveAspectRatio="xMidYMid meet" role="group" aria-label="${esc(t('lobby.board'))}" font-family="Go, 'DejaVu Sans', Verdana, Arial, sans-serif">`);
    parts.push(this.terrain);
    parts.push(`<g class="trail">${this.drawTrail(st.trail || [])}</g>`);
    parts.push(`<g class="sections-lit">${this.drawSections(st.sections || [])}</g>`);
    parts.push(`<g class="marks-under">${this.drawMarksUnder(st.marks || {}, st.highlight)}</g>`);
    parts.push(`<g class="units">${this.drawUnits(units)}</g>`);
    parts.push(`<g class="target-markers">${this.drawTargetMarkers(st.view.target_markers || [])}</g>`);
    parts.push(`<g class="marks-over">${this.drawMarksOver(st.marks || {})}</g>`);
    parts.push(`<g class="hits">${this.drawHits(st.marks || {})}</g>`);
    parts.push('</svg>');
    // Keep keyboard focus on the same hex across redraws.
    const html = parts.join('');
    if (html === this.html) return; // nothing changed: keep the elements (and focus, hover)
    this.html = html;
    const focused = document.activeElement && this.el.contains(document.activeElement) ? document.activeElement.dataset.hex : null;
    this.el.innerHTML = html;
    if (focused) {
      const again = this.el.querySelector(`[data-hex="${focused}"][tabindex]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // slide animates units from where they were to where they are now.
  slide(moves) {
    if (!this.g || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    for (const mv of moves) {
      const el = this.el.querySelector(`[data-unit="${mv.to}"]`);
      if (!el || !mv.from || mv.from === mv.to) continue;
      const a = parseHex(mv.from), b = parseHex(mv.to);
      const pa = this.center(a.r, a.c), pb = this.center(b.r, b.c);
      el.style.transition = 'none';
      el.style.transform = `translate(${pa.x - pb.x}px, ${pa.y - pb.y}px)`;
      el.getBoundingClientRect();
      requestAnimationFrame(() => {
        el.style.transition = 'transform .45s cubic-bezier(.3,.7,.4,1)';
        el.style.transform = '';
      });
    }
  }

  // rowGround draws a ground of another ruleset: with the picture of the
  // base terrain it plays as, else from its catalog row (a tint and name).
  rowGround(ter, o, seed) {
    const pal = this.pal;
    const hill = (x) => sym.hill(o, S, pal) + x;
    switch (ter) {
      case 'chateau': case 'station': case 'barracks': case 'factory': case 'pacific-village': case 'ruins': case 'lighthouse': case 'fortress':
        return sym.town(o, S, pal) + this.rowLabel(ter, o);
      case 'hill-village': return hill(sym.town(o, S * 0.8, pal)) + this.rowLabel(ter, o);
      case 'forested-hill': return hill(sym.forest(o, S * 0.8, pal)) + this.rowLabel(ter, o);
      case 'palm-grove': case 'oasis': return sym.forest(o, S, pal) + this.rowLabel(ter, o);
      case 'hill-road': return sym.hill(o, S, pal);
      case 'ravine': case 'rocky-escarpment': case 'erg':
        return sym.hachures(o, S, pal.bluff, pal.bluffLine, ter === 'rocky-escarpment') + this.rowLabel(ter, o);
      case 'coast': case 'pacific-beach': return sym.beach(o, S, pal, seed);
      case 'marsh': case 'rice-paddy': return sym.marsh(o, S, pal) + this.rowLabel(ter, o);
      default:
        if (ROAD_ROWS.includes(ter) || RAIL_ROWS.includes(ter) || WET_ROWS.includes(ter) || ter === 'wadi') return '';
        return sym.catalogGround(o, S, pal, row('ground', ter) || { key: ter }, rowName('terrain', ter));
    }
  }

  // rowLabel writes a row's name small at the bottom of its hex (rows that
  // share a picture).
  rowLabel(ter, o) {
    return `<text x="${o.x.toFixed(1)}" y="${(o.y + S * 0.62).toFixed(1)}" font-size="${(S * 0.11).toFixed(1)}" text-anchor="middle" fill="#3a362d" stroke="#fff" stroke-width="2" paint-order="stroke" class="row-label">${esc(rowName('terrain', ter))}</text>`;
  }

  terrainAt(h) { const f = this.feats.get(h); return f ? f.terrain || 'plain' : 'plain'; }

  allHexes(withHalves) {
    const out = [];
    const { rows, maxCol } = this.g;
    for (let r = 0; r < rows; r++) {
      const c0 = r % 2 ? (withHalves ? -1 : 1) : 0;
      const c1 = r % 2 ? (withHalves ? maxCol + 1 : maxCol - 1) : maxCol;
      for (let c = c0; c <= c1; c += 2) out.push([r, c]);
    }
    return out;
  }

  drawTerrain(objectives, labels) {
    const pal = this.pal, { W, H, maxCol } = this.g;
    const out = [];
    out.push(`<defs><clipPath id="board-clip"><rect x="${PAD}" y="${PAD}" width="${W}" height="${H}"/></clipPath></defs>`);
    out.push(`<rect x="1" y="1" width="${W + 2 * PAD - 2}" height="${H + 2 * PAD - 2}" rx="6" fill="${mix(pal.plain, pal.frame, 0.45)}" stroke="${pal.frame}" stroke-width="2"/>`);
    out.push(`<g clip-path="url(#board-clip)">`);
    out.push(`<rect x="${PAD}" y="${PAD}" width="${W}" height="${H}" fill="${pal.plain}"/>`);
    // Ground: area terrains first (half-hexes copy the beach or ocean beside them).
    let seed = 0;
    const lakes = [];
    for (const [r, c] of this.allHexes(true)) {
      const h = hexKey(r, c);
      const half = c < 0 || c > maxCol;
      let ter = this.terrainAt(h);
      if (half) {
        const near = this.terrainAt(hexKey(r, c < 0 ? 1 : maxCol - 1));
        ter = near === 'beach' || near === 'ocean' ? near : 'plain';
      }
      const o = this.center(r, c);
      seed++;
      switch (ter) {
        case 'forest': out.push(sym.forest(o, S, pal)); break;
        case 'hedgerow': out.push(sym.hedgerow(o, S, pal)); break;
        case 'hill': out.push(sym.hill(o, S, pal)); break;
        case 'steephill': out.push(sym.steepHill(o, S, pal)); break;
        case 'mountain': out.push(sym.mountain(o, S, pal)); break;
        case 'town': out.push(sym.town(o, S, pal)); break;
        case 'church': out.push(sym.church(o, S, pal)); break;
        case 'beach': out.push(sym.beach(o, S, pal, r * 100 + c)); break;
        case 'ocean': out.push(sym.ocean(o, S, pal, r * 100 + c)); break;
        case 'bluff': out.push(sym.hachures(o, S, pal.bluff, pal.bluffLine, false)); break;
        case 'cliff': out.push(sym.hachures(o, S, pal.cliff, pal.cliffLine, true)); break;
        case 'lake': lakes.push(sym.lake(o, S, pal, r * 100 + c)); break;
        case 'plain': case 'river': break; // rivers are drawn below, joined
        default: out.push(this.rowGround(ter, o, r * 100 + c)); break;
      }
    }
    // Wadis: a dry bed between banks, open only at the ends the view gives
    // (FAQ II 44; render/board.go draws them the same).
    const wadis = new Path();
    for (const [h, f] of this.feats) {
      if (f.terrain !== 'wadi') continue;
      const { r, c } = parseHex(h);
      const o = this.center(r, c);
      const ends = (f.ends || []).map((d) => {
        const n = this.center(r + DIRS[d][0], c + DIRS[d][1]);
        return { x: (o.x + n.x) / 2, y: (o.y + n.y) / 2 };
      });
      if (ends.length === 2) wadis.M(ends[0].x, ends[0].y).Q(o.x, o.y, ends[1].x, ends[1].y);
      else for (const e of ends) wadis.line(o, e);
    }
    out.push(paint(wadis, { stroke: '#6b5235', width: S * 0.42, butt: true, cls: 'wadi' }));
    out.push(paint(wadis, { stroke: '#d9bf8c', width: S * 0.3, butt: true, cls: 'wadi' }));
    out.push(paint(wadis, { stroke: '#b89a68', width: S * 0.02, dash: [S * 0.05, S * 0.07], butt: true, op: 0.8, cls: 'wadi' }));
    // Rivers and lakes join their wet neighbours (as render/board.go's waterways).
    const wet = (r, c) => r >= 0 && r < this.g.rows && c >= 0 && c <= maxCol && ['river', 'lake', ...WET_ROWS].includes(this.terrainAt(hexKey(r, c)));
    const half = (r, c) => r >= 0 && r < this.g.rows && r % 2 === 1 && (c === -1 || c === maxCol + 1);
    const bridgeAxis = new Map();
    const bands = new Path();
    for (const [h, f] of this.feats) {
      if (f.terrain !== 'river' && f.terrain !== 'lake' && !WET_ROWS.includes(f.terrain)) continue;
      const { r, c } = parseHex(h);
      const o = this.center(r, c);
      const dirs = [];
      for (let d = 0; d < 6; d++) if (wet(r + DIRS[d][0], c + DIRS[d][1])) dirs.push(d);
      if (f.terrain === 'lake' && !dirs.length) continue;
      const flow = f.terrain === 'river' || WET_ROWS.includes(f.terrain);
      if (flow && dirs.length === 1) dirs.push((dirs[0] + 3) % 6);
      if (flow && dirs.length === 0) dirs.push(3, 0);
      const ends = dirs.map((d) => {
        const nr = r + DIRS[d][0], nc = c + DIRS[d][1];
        const n = this.center(nr, nc);
        const k = half(nr, nc) ? 1 : 0.5;
        return { x: o.x + (n.x - o.x) * k, y: o.y + (n.y - o.y) * k };
      });
      if (flow && ends.length === 2) bands.M(ends[0].x, ends[0].y).Q(o.x, o.y, ends[1].x, ends[1].y);
      else for (const e of ends) bands.line(o, e);
      if (flow && ends.length >= 2) bridgeAxis.set(h, Math.atan2(ends[1].y - ends[0].y, ends[1].x - ends[0].x) + Math.PI / 2);
    }
    out.push(paint(bands, { stroke: pal.waterDark, width: S * 0.27, butt: true }));
    out.push(paint(bands, { stroke: pal.water, width: S * 0.19, butt: true }));
    out.push(paint(bands, { stroke: pal.waterLight, width: S * 0.02, dash: [S * 0.06, S * 0.09], butt: true, op: 0.8 }));
    // Roads and railways (the Terrain Pack's and Winter Wars' rows) join
    // their neighbours of the same kind, as render/board.go's bands.
    for (const [kind, keys] of [['road', ROAD_ROWS], ['rail', RAIL_ROWS]]) {
      const on = (r, c) => r >= 0 && r < this.g.rows && c >= 0 && c <= maxCol && keys.includes(this.terrainAt(hexKey(r, c)));
      const p = new Path();
      for (const [h, f] of this.feats) {
        if (!keys.includes(f.terrain)) continue;
        const { r, c } = parseHex(h);
        const o = this.center(r, c);
        const dirs = [];
        for (let d = 0; d < 6; d++) if (on(r + DIRS[d][0], c + DIRS[d][1])) dirs.push(d);
        if (dirs.length === 1) dirs.push((dirs[0] + 3) % 6);
        if (dirs.length === 0) dirs.push(3, 0);
        for (const d of dirs) {
          const n = this.center(r + DIRS[d][0], c + DIRS[d][1]);
          p.line(o, { x: (o.x + n.x) / 2, y: (o.y + n.y) / 2 });
        }
      }
      if (kind === 'road') {
        out.push(paint(p, { stroke: pal.roadEdge, width: S * 0.17, butt: true, cls: 'road' }));
        out.push(paint(p, { stroke: pal.road, width: S * 0.12, butt: true, cls: 'road' }));
      } else {
        out.push(paint(p, { stroke: '#5b4c3c', width: S * 0.12, dash: [S * 0.02, S * 0.05], butt: true, cls: 'rail' }));
        out.push(paint(p, { stroke: '#2f2a25', width: S * 0.035, butt: true, cls: 'rail' }));
      }
    }
    out.push(lakes.join(''));
    // Grid.
    const grid = new Path();
    for (const [r, c] of this.allHexes(true)) grid.poly(sym.hexCorners(this.center(r, c), S));
    out.push(paint(grid, { stroke: mix(this.pal.gridLine, this.pal.frame, 0.25), width: S * 0.014, op: 0.8 }));
    out.push('</g>');
    // Section lines (dashed red), at the grid's line columns.
    for (const col of [this.g.left, this.g.right]) {
      const x = this.center(0, col).x;
      out.push(paint(new Path().M(x, PAD - S * 0.1).L(x, PAD + H + S * 0.1), { stroke: pal.section, width: S * 0.035, dash: [S * 0.14, S * 0.09], butt: true, cls: 'section-line' }));
    }
    // Structures, obstacles and markers; one the client has no picture of
    // is a chip with its name.
    for (const [h, f] of this.feats) {
      const { r, c } = parseHex(h);
      const o = this.center(r, c);
      const chips = [];
      switch (f.structure || '') {
        case 'bridge': case 'bridge-span': out.push(sym.bridge(o, S, bridgeAxis.get(h) ?? 0)); break;
        // A rail or pontoon bridge: a bridge, and its chip names which.
        case 'rail-bridge': case 'pontoon-bridge': out.push(sym.bridge(o, S, bridgeAxis.get(h) ?? 0)); chips.push(['structure', f.structure]); break;
        case 'bunker': out.push(sym.bunker(o, S)); break;
        case 'field-bunker': out.push(sym.bunker(o, S, '#c9b27f')); break;
        case '': if (f.blown) out.push(sym.blownBridge(o, S, bridgeAxis.get(h) ?? 0)); break;
        default: chips.push(['structure', f.structure]); break;
      }
      // A hex may hold a second obstacle (sandbags dug in beside wire or a
      // hedgehog): the view lists it among the markers.
      const obstacles = [f.obstacle || '', ...(f.markers || []).filter((m) => OBSTACLES.has(m))];
      for (const ob of obstacles) {
        switch (ob) {
          case 'sandbags': out.push(sym.sandbags(o, S, this.sandbagFacing(h))); break;
          case 'wire': out.push(sym.wire(o, S)); break;
          case 'hedgehog': out.push(sym.hedgehogs(o, S)); break;
          case 'seawall': out.push(sym.seawall(o, S)); break;
          case '': break;
          default: chips.push(['obstacle', ob]); break;
        }
      }
      for (const m of f.markers || []) {
        if (m === 'minefield') {
          // Face down to everyone until an enemy turns it over (Winter Wars III).
          const mf = this.mines.get(h);
          const v = mf && mf.revealed ? mf.value : null;
          out.push(sym.mine(o, S, v, v == null ? t('minefield.face-down') : t('minefield.value', { dice: v })));
          continue;
        }
        if (m === 'smoke-screen') { out.push(sym.smoke(o, S, rowName(['marker', 'feature'], m))); continue; } // FAQ III Écran de fumée
        if (!OBSTACLES.has(m)) chips.push(['marker', m]);
      }
      chips.forEach(([layer, k], i) => out.push(sym.catalogFeature(o, S, k, rowName([layer, 'feature'], k), i)));
      // A sabotage target's star tokens (Schwammenauel Dam; FAQ II 20).
      const sb = this.sabo.get(h);
      if (sb) out.push(sym.sabotage(o, S, sb.stars, sb.needed, t(sb.stars >= sb.needed ? 'sabotage.done' : 'sabotage.tokens', { stars: sb.stars, needed: sb.needed })));
    }
    // Objectives: a group is outlined; medals stand at the upper left of their hex.
    const count = new Map();
    for (const ob of objectives) {
      const hexes = ob.hexes || [];
      const sides = Array.isArray(ob.sides) ? ob.sides : ob.sides === 'both' || !ob.sides ? ['allies', 'axis'] : [ob.sides];
      if (hexes.length > 1 || ob.kind === 'sudden-death') {
        const outline = new Path();
        for (const h of hexes) { const { r, c } = parseHex(h); outline.poly(sym.hexCorners(this.center(r, c), S * 0.88)); }
        out.push(paint(outline, { stroke: ob.kind === 'sudden-death' ? '#c62828' : mix(pal.gold, pal.goldDark, 0.2), width: S * 0.035, dash: [S * 0.08, S * 0.06] }));
      }
      const spots = ob.kind === 'sudden-death' ? hexes : hexes.slice(0, 1);
      for (const h of spots) {
        const k = count.get(h) || 0;
        count.set(h, k + 1);
        const { r, c } = parseHex(h);
        const o = this.center(r, c);
        const q = { x: o.x - S * 0.29 + k * S * 0.21, y: o.y - S * 0.23 };
        out.push(sym.medal(q, S * 0.105, ob.kind || 'temporary', sides, pal));
        if (ob.medals > 1) out.push(text(q.x, q.y + S * 0.2, `×${ob.medals}`, S * 0.12, { bold: true, fill: pal.goldDark }));
      }
    }
    for (const l of labels) {
      const at = l.hex ? parseHex(l.hex) : { r: l.row, c: l.col };
      if (at.r == null || at.c == null || Number.isNaN(at.r)) continue;
      const o = this.center(at.r, at.c);
      const lines = (Array.isArray(l.text) ? l.text : [l.text]).filter(Boolean);
      if (!lines.length) continue;
      // A cream box low in the hex, below the unit counter (which would hide it).
      const size = S * 0.135, lh = size * 1.15;
      const w = Math.max(...lines.map((x) => x.length)) * size * 0.62;
      const h = lines.length * lh + size * 0.35;
      let cy = o.y + S * 0.5;
      if (cy + h / 2 > PAD + this.g.H) cy = PAD + this.g.H - h / 2;
      const x0 = Math.max(PAD * 0.3, Math.min(o.x - w / 2 - size * 0.35, W + 2 * PAD - w - size * 0.7));
      out.push(paint(new Path().rect(x0, cy - h / 2, w + size * 0.7, h, size * 0.3), { fill: '#fffdf5', op: 0.85, stroke: '#5a5548', width: S * 0.008, cls: 'label-box' }));
      lines.forEach((s2, i) => {
        out.push(text(x0 + w / 2 + size * 0.35, cy - h / 2 + size * 0.175 + lh * i + size * 0.9, s2, size, { bold: true, fill: pal.ink, cls: 'label' }));
      });
    }
    return `<g class="terrain">${out.join('')}</g>`;
  }

  // Sandbags face the enemy of the unit behind them (the top side if none).
  sandbagFacing(h) {
    const u = this.units && this.units.get(h);
    const bottom = this.bottomSide;
    let up = true;
    if (u && bottom) up = u.side === bottom;
    return up ? -Math.PI / 2 : Math.PI / 2;
  }

  drawUnits(units) {
    const out = [];
    const cs = S * 0.5;
    for (const [h, u] of units) {
      const { r, c } = parseHex(h);
      const o = this.center(r, c);
      const cls = `unit unit-${u.side}${u.ordered ? ' ordered' : ''}`;
      out.push(`<g class="${cls}" data-unit="${h}">${sym.counter({ x: o.x, y: o.y + S * 0.06 }, cs, u, this.pal)}`);
      if (u.ordered && !u.battled) {
        // Activation token: the move face until the unit has moved, then the battle face.
        const m = { x: o.x - cs * 0.52, y: o.y + cs * 0.62 };
        out.push(`<g class="token">${paint(new Path().circle(m.x, m.y, S * 0.12), { fill: '#f4d03f', stroke: '#5b4a0b', width: 1.6 })}`);
        if (u.moved) {
          out.push(paint(new Path().circle(m.x, m.y, S * 0.06).line({ x: m.x - S * 0.09, y: m.y }, { x: m.x + S * 0.09, y: m.y }).line({ x: m.x, y: m.y - S * 0.09 }, { x: m.x, y: m.y + S * 0.09 }), { stroke: '#3b2f06', width: 1.6 }));
        } else {
          out.push(paint(new Path().poly([{ x: m.x - S * 0.06, y: m.y - S * 0.045 }, { x: m.x + S * 0.01, y: m.y - S * 0.045 }, { x: m.x + S * 0.01, y: m.y - S * 0.08 }, { x: m.x + S * 0.08, y: m.y }, { x: m.x + S * 0.01, y: m.y + S * 0.08 }, { x: m.x + S * 0.01, y: m.y + S * 0.045 }, { x: m.x - S * 0.06, y: m.y + S * 0.045 }]), { fill: '#3b2f06' }));
        }
        out.push('</g>');
      }
      out.push('</g>');
    }
    return out.join('');
  }

  // drawTargetMarkers draws the big guns' target markers (FAQ IV Artillerie
  // lourde): a cross-hair on the unit marked, with the gun's hex in its
  // hover help.
  drawTargetMarkers(list) {
    const out = [];
    const seen = new Set();
    for (const m of list) {
      const { r, c } = parseHex(m.target);
      const o = this.center(r, c);
      const k = seen.has(m.target) ? 1 : 0; // a second gun's marker beside the first
      seen.add(m.target);
      const x = o.x + S * (0.3 - 0.2 * k), y = o.y - S * 0.3, R1 = S * 0.11;
      const p = new Path().circle(x, y, R1).line({ x: x - R1 * 1.5, y }, { x: x + R1 * 1.5, y }).line({ x, y: y - R1 * 1.5 }, { x, y: y + R1 * 1.5 });
      out.push(`<g class="target-marker" data-target="${esc(m.target)}" data-gun="${esc(m.gun)}">`);
      out.push(paint(new Path().circle(x, y, R1 * 1.25), { fill: '#fff8e6', op: 0.85 }));
      out.push(paint(p, { stroke: '#b3261e', width: S * 0.03 }));
      out.push('</g>');
    }
    return out.join('');
  }

  drawTrail(trail) {
    const out = [];
    for (const tr of trail) {
      if (!tr.from || !tr.to || tr.from === tr.to) continue;
      const a = this.center(parseHex(tr.from).r, parseHex(tr.from).c), b = this.center(parseHex(tr.to).r, parseHex(tr.to).c);
      const col = tr.kind === 'battle' ? '#c62828' : tr.kind === 'retreat' ? '#1f5fa8' : '#fdf6d8';
      const op = tr.old ? 0.45 : 0.9;
      const ang = Math.atan2(b.y - a.y, b.x - a.x);
      const end = { x: b.x - Math.cos(ang) * S * 0.3, y: b.y - Math.sin(ang) * S * 0.3 };
      const st = { x: a.x + Math.cos(ang) * S * 0.15, y: a.y + Math.sin(ang) * S * 0.15 };
      const dash = tr.kind === 'battle' ? [6, 5] : null;
      out.push(`<g class="trail-${tr.kind}" opacity="${op}">`);
      out.push(paint(new Path().line(st, end), { stroke: '#1b1b18', width: 6.5, dash, op: 0.35 }));
      out.push(paint(new Path().line(st, end), { stroke: col, width: 4, dash }));
      const head = S * 0.16;
      out.push(paint(new Path().poly([
        { x: end.x + Math.cos(ang) * head * 0.6, y: end.y + Math.sin(ang) * head * 0.6 },
        { x: end.x + Math.cos(ang + 2.4) * head, y: end.y + Math.sin(ang + 2.4) * head },
        { x: end.x + Math.cos(ang - 2.4) * head, y: end.y + Math.sin(ang - 2.4) * head }]), { fill: col, stroke: '#1b1b18', width: 1 }));
      out.push('</g>');
    }
    return out.join('');
  }

  // drawSections tints the sections a card orders in, as the viewer (at the
  // bottom) names them: left is the screen's left.
  drawSections(secs) {
    if (!secs.length) return '';
    const xa = this.center(0, this.g.left).x, xb = this.center(0, this.g.right).x;
    const l = Math.min(xa, xb), r = Math.max(xa, xb);
    const span = { left: [PAD, l], center: [l, r], right: [r, PAD + this.g.W] };
    return secs.filter((k) => span[k]).map((k) => `<rect x="${span[k][0].toFixed(1)}" y="${PAD}" width="${(span[k][1] - span[k][0]).toFixed(1)}" height="${this.g.H.toFixed(1)}" fill="#fff3b0" opacity="0.22" class="section-lit"/>`).join('');
  }

  drawMarksUnder(marks, highlight) {
    const out = [];
    const hl = new Set(highlight || []);
    for (const h of hl) {
      const { r, c } = parseHex(h);
      out.push(paint(new Path().poly(sym.hexCorners(this.center(r, c), S * 0.96)), { fill: '#fff7b0', op: 0.55, cls: 'hl' }));
    }
    for (const [h, m] of Object.entries(marks)) {
      const { r, c } = parseHex(h);
      const o = this.center(r, c);
      const hexp = new Path().poly(sym.hexCorners(o, S * 0.9));
      switch (m.kind) {
        case 'dest': out.push(paint(hexp, { fill: '#ffffff', op: 0.22, cls: 'm-dest' }) + paint(new Path().circle(o.x, o.y, S * 0.09), { fill: '#1b1b18', op: 0.5 })); break;
        case 'retreat': out.push(paint(hexp, { fill: '#4f8fd0', op: 0.3, cls: 'm-retreat' })); break;
        case 'tg': out.push(paint(hexp, { fill: '#f4d03f', op: 0.3, cls: 'm-tg' })); break;
        default: break;
      }
    }
    return out.join('');
  }

  drawMarksOver(marks) {
    const out = [];
    for (const [h, m] of Object.entries(marks)) {
      const { r, c } = parseHex(h);
      const o = this.center(r, c);
      const ring = new Path().poly(sym.hexCorners(o, S * 0.88));
      switch (m.kind) {
        case 'can': out.push(paint(ring, { stroke: '#ffe14d', width: 3.5, cls: 'm-can' })); break;
        case 'sel': out.push(paint(ring, { stroke: '#ffffff', width: 5, cls: 'm-sel' }) + paint(ring, { stroke: '#e0a800', width: 2.5 })); break;
        case 'target': case 'aim': {
          out.push(paint(ring, { stroke: '#e53935', width: 4, cls: 'm-target' }));
          if (m.dice) {
            const b = { x: o.x + S * 0.3, y: o.y - S * 0.3 };
            out.push(`<g class="dice-badge">${paint(new Path().circle(b.x, b.y, S * 0.16), { fill: '#c62828', stroke: '#fff', width: 2 })}${text(b.x, b.y + S * 0.07, String(m.dice), S * 0.2, { bold: true, fill: '#fff' })}</g>`);
          }
          if (m.kind === 'aim') out.push(paint(new Path().circle(o.x, o.y, S * 0.2).line({ x: o.x - S * 0.3, y: o.y }, { x: o.x + S * 0.3, y: o.y }).line({ x: o.x, y: o.y - S * 0.3 }, { x: o.x, y: o.y + S * 0.3 }), { stroke: '#e53935', width: 2.5, op: 0.9 }));
          break;
        }
        case 'aimed': out.push(paint(ring, { stroke: '#b71c1c', width: 5 }) + paint(new Path().circle(o.x, o.y, S * 0.2), { fill: '#e53935', op: 0.5, stroke: '#b71c1c', width: 2.5 })); break;
        case 'retreat': case 'tg': case 'dest': out.push(paint(ring, { stroke: m.kind === 'retreat' ? '#1f5fa8' : m.kind === 'tg' ? '#a07800' : '#ffffff', width: 2.5 })); break;
        default: break;
      }
      if (m.text) out.push(`<text class="floater" x="${o.x.toFixed(1)}" y="${(o.y + S * 0.42).toFixed(1)}" font-size="10" font-weight="bold" text-anchor="middle" fill="#fff" stroke="#1b1b18" stroke-width="3" paint-order="stroke">${esc(m.text)}</text>`);
    }
    return out.join('');
  }

  // describe names what stands on a hex, with the catalog's summary of a
  // row the dictionaries do not name.
  describe(h) {
    const f = this.feats.get(h);
    const bits = [];
    const add = (prefixes, table, key) => {
      const help = rowHelp(prefixes, table, key);
      bits.push(rowName(prefixes, key) + (help ? ` (${help})` : ''));
    };
    if (f && f.terrain) add('terrain', 'ground', f.terrain);
    if (f && f.structure) add(['structure', 'feature'], 'feature', f.structure);
    if (f && f.blown) bits.push(t('hex.blown'));
    if (f && f.obstacle) add(['obstacle', 'feature'], 'feature', f.obstacle);
    for (const m of (f && f.markers) || []) add(OBSTACLES.has(m) ? ['obstacle', 'feature'] : ['marker', 'feature'], 'feature', m);
    const u = this.units.get(h);
    if (u) {
      let what = `${t('unit.' + u.type)}${u.elite ? ' (' + t('unit.elite') + ')' : ''}`;
      if (u.kind && !BASE_KINDS.has(u.kind)) {
        const help = rowHelp('unit', 'unit', u.kind);
        what = `${rowName('unit', u.kind)} (${t('unit.' + u.type)}${help ? ': ' + help : ''})`;
      }
      bits.push(`${sideName(u.side)} — ${what}, ${t('unit.figures', { n: u.figures, max: u.max })}`);
      if (u.boat) bits.push(`${t('marker.boat')} (${t('help.marker.boat')})`);
    }
    for (const m of this.targets || []) if (m.target === h) bits.push(t('marker.target', { gun: m.gun }));
    if (!bits.length) bits.push(t('terrain.plain'));
    return `${bits.join(' · ')} [${h}]`;
  }

  drawHits(marks) {
    const out = [];
    for (const [r, c] of this.allHexes(false)) {
      const h = hexKey(r, c);
      const m = marks[h];
      const o = this.center(r, c);
      const d = new Path().poly(sym.hexCorners(o, S)).toString();
      const label = (m && m.label ? m.label + ' — ' : '') + this.describe(h);
      const act = m && m.kind && m.kind !== 'info';
      out.push(`<path d="${d}" class="hit${act ? ' active' : ''}" data-hex="${h}"${act ? ` data-mark="${m.kind}" tabindex="0" role="button" aria-label="${esc(label)}"` : ''}><title>${esc(label)}</title></path>`);
    }
    return out.join('');
  }
}
