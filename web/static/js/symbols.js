// The map symbols, drawn as the Go renderer draws them (render/symbols.go,
// render/palette.go), so the live board and `m44 render` look alike. Each
// takes the centre of a hex and the hex's width s in pixels.
import { Path, paint, text, mix, esc } from './svg.js';

const SQRT3 = Math.sqrt(3);

export function basePalette() {
  return {
    paper: '#f7f3e8', ink: '#2b2a26', faint: '#6d6a60',
    plain: '#b7ca8c', gridLine: '#8ea662', frame: '#4a4a3a',
    forestTint: '#9fb976', canopy: '#3f7a34', dark: '#22501d', trunk: '#6b4a2b', firs: false,
    hillTint: '#d2c283', hillInner: '#c3ad68', hillLine: '#7a6233',
    mountTint: '#b3a38c', mountLine: '#5e5040', snow: '#fbfbf8',
    townTint: '#d6cfb3', wall: '#f5eedc', roof: '#b9472f', roofDark: '#5e261a', flatRoofs: false,
    hedgeTint: '#adc681', hedge: '#4c7f2e', hedgeDark: '#2b5018',
    water: '#4f8fd0', waterDark: '#24548a', waterLight: '#a9d0f0',
    sand: '#ecdba6', sandDot: '#c2a766', ocean: '#6d9fd0', oceanLine: '#dcedfa',
    bluff: '#d0ad70', bluffLine: '#7b5a2c', cliff: '#aba496', cliffLine: '#48423a',
    road: '#e8dcc0', roadEdge: '#8c7a5c',
    section: '#d22f27', gold: '#e0b62e', goldDark: '#7a5b0c',
    side: { allies: '#5b7f36', axis: '#66798f' },
    sideDark: { allies: '#263a12', axis: '#27323f' },
    sideText: { allies: '#fbf7e6', axis: '#f3f6fa' },
  };
}

export function paletteFor(face) {
  const p = basePalette();
  switch (String(face || '').toUpperCase()) {
    case 'WINTER':
      Object.assign(p, {
        plain: '#eef2f4', gridLine: '#b3c2cc', forestTint: '#e0e8e7', canopy: '#2f6242', dark: '#173623', firs: true,
        hillTint: '#dbe2e7', hillInner: '#c9d3da', hillLine: '#6f8291', mountTint: '#c2c8cc', mountLine: '#4f5a63',
        townTint: '#e1e2df', wall: '#c7a57e', roof: '#fdfdfd', roofDark: '#5a5f66',
        hedgeTint: '#dfe7e3', hedge: '#4d7250', hedgeDark: '#2a4630',
        water: '#7fb0d9', waterDark: '#3c6b95', waterLight: '#d3e7f6', road: '#f7f4ec', roadEdge: '#9a9080',
      });
      break;
    case 'DESERT':
      Object.assign(p, {
        plain: '#e4cf9b', gridLine: '#c0a46a', forestTint: '#d9c98f', canopy: '#6d8c3a', dark: '#3e5420',
        hillTint: '#d6b273', hillInner: '#c79e5c', hillLine: '#82602c',
        townTint: '#dccaa0', wall: '#f2e6c8', roof: '#d9bf8a', roofDark: '#6f5632', flatRoofs: true,
        road: '#f1e6ca', roadEdge: '#9c8459',
      });
      break;
  }
  return p;
}

export function hexCorners(c, s) {
  const r = s / SQRT3;
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = ((i * 60 - 90) * Math.PI) / 180;
    out.push({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
  }
  return out;
}
const at = (c, s, x, y) => ({ x: c.x + x * s, y: c.y + y * s });
const P = () => new Path();

export function hash01(seed, i) {
  // A fixed pseudo-random number in [0,1) (same picture every time).
  let x = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 0x27d4eb2f, 0xc2b2ae35);
  x ^= x >>> 15; x = Math.imul(x, 0x2c1b3c6d); x ^= x >>> 12; x = Math.imul(x, 0x297a2d39); x ^= x >>> 15;
  return (x >>> 0) / 4294967296;
}

function blob(c, rx, ry, wob, rot) {
  const n = wob.length;
  const ps = wob.map((w, i) => {
    const a = rot + (2 * Math.PI * i) / n;
    return { x: c.x + rx * w * Math.cos(a), y: c.y + ry * w * Math.sin(a) };
  });
  const mid = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const p = P();
  const s0 = mid(ps[n - 1], ps[0]);
  p.M(s0.x, s0.y);
  for (let i = 0; i < n; i++) {
    const e = mid(ps[i], ps[(i + 1) % n]);
    p.Q(ps[i].x, ps[i].y, e.x, e.y);
  }
  return p.Z();
}

function rotEllipse(c, rx, ry, a) {
  const deg = (a * 180) / Math.PI;
  return `<ellipse cx="${c.x.toFixed(1)}" cy="${c.y.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" transform="rotate(${deg.toFixed(1)} ${c.x.toFixed(1)} ${c.y.toFixed(1)})"`;
}

export function star(c, r, points = 5, inner = 0.45) {
  const ps = [];
  for (let i = 0; i < 2 * points; i++) {
    const rr = i % 2 ? r * inner : r;
    const a = -Math.PI / 2 + (Math.PI * i) / points;
    ps.push({ x: c.x + rr * Math.cos(a), y: c.y + rr * Math.sin(a) });
  }
  return P().poly(ps);
}

const hexFill = (c, s, col) => paint(P().poly(hexCorners(c, s)), { fill: col });

// ---- terrain ----

const treeSpots = [[-0.27, -0.1, 0.13], [0.02, -0.31, 0.12], [0.29, -0.08, 0.13], [-0.19, 0.25, 0.12], [0.22, 0.26, 0.12], [0.01, 0.02, 0.15]];

function fir(o, r, green, dark, w, pal) {
  let out = paint(P().rect(o.x - r * 0.13, o.y + r * 0.7, r * 0.26, r * 0.45), { fill: pal.trunk, stroke: dark, width: w });
  out += paint(P().poly([{ x: o.x - r * 0.85, y: o.y + r * 0.75 }, { x: o.x, y: o.y - r * 0.35 }, { x: o.x + r * 0.85, y: o.y + r * 0.75 }]), { fill: green, stroke: dark, width: w });
  out += paint(P().poly([{ x: o.x - r * 0.62, y: o.y + r * 0.1 }, { x: o.x, y: o.y - r * 1.15 }, { x: o.x + r * 0.62, y: o.y + r * 0.1 }]), { fill: green, stroke: dark, width: w });
  out += paint(P().poly([{ x: o.x - r * 0.3, y: o.y - r * 0.55 }, { x: o.x, y: o.y - r * 1.15 }, { x: o.x + r * 0.3, y: o.y - r * 0.55 }, { x: o.x, y: o.y - r * 0.65 }]), { fill: pal.snow });
  return out;
}

export function forest(c, s, pal) {
  let out = hexFill(c, s, pal.forestTint);
  const w = s * 0.012;
  for (const t of treeSpots) {
    const o = at(c, s, t[0], t[1]);
    const r = t[2] * s;
    if (pal.firs) { out += fir(o, r, pal.canopy, pal.dark, w, pal); continue; }
    out += paint(P().rect(o.x - r * 0.14, o.y + r * 0.5, r * 0.28, r * 0.7), { fill: pal.trunk, stroke: pal.dark, width: w });
    out += paint(P().circle(o.x, o.y, r), { fill: pal.canopy, stroke: pal.dark, width: w * 1.3 });
    out += paint(P().circle(o.x - r * 0.3, o.y - r * 0.3, r * 0.42), { fill: mix(pal.canopy, '#ffffff', 0.22) });
  }
  return out;
}

const hillWob = [1, 0.93, 1.04, 0.97, 1.05, 0.95, 1.02, 0.96];

export function hill(c, s, pal) {
  const w = s * 0.018;
  return hexFill(c, s, pal.hillTint)
    + paint(blob(at(c, s, 0, 0.03), s * 0.4, s * 0.33, hillWob, 0.3), { fill: pal.hillInner, stroke: pal.hillLine, width: w })
    + paint(blob(at(c, s, 0.02, -0.02), s * 0.25, s * 0.19, hillWob, 1.1), { fill: mix(pal.hillInner, pal.hillLine, 0.15), stroke: pal.hillLine, width: w });
}

export function mountain(c, s, pal) {
  const tint = pal.mountTint, line = pal.mountLine, w = s * 0.02;
  let out = hexFill(c, s, tint);
  out += paint(blob(at(c, s, 0, 0.04), s * 0.42, s * 0.36, hillWob, 0.2), { fill: mix(tint, line, 0.15), stroke: line, width: w });
  out += paint(blob(at(c, s, 0.01, 0), s * 0.3, s * 0.25, hillWob, 1.3), { fill: mix(tint, line, 0.28), stroke: line, width: w });
  out += paint(blob(at(c, s, 0.02, -0.04), s * 0.17, s * 0.13, hillWob, 2.1), { fill: mix(tint, line, 0.42), stroke: line, width: w });
  out += paint(P().poly([at(c, s, -0.14, -0.1), at(c, s, 0.02, -0.36), at(c, s, 0.17, -0.1)]), { fill: mix(line, tint, 0.35), stroke: line, width: w });
  out += paint(P().poly([at(c, s, -0.05, -0.24), at(c, s, 0.02, -0.36), at(c, s, 0.09, -0.24), at(c, s, 0.03, -0.27)]), { fill: pal.snow });
  return out;
}

export function hachures(c, s, base, line, dense) {
  let out = hexFill(c, s, base);
  const w = s * 0.022, n = 9;
  const crestY = (i) => -0.12 + 0.035 * Math.sin(i * 1.3);
  const tops = [];
  for (let i = 0; i <= n; i++) tops.push(at(c, s, -0.42 + (0.84 * i) / n, crestY(i)));
  out += paint(P().line(...tops), { stroke: line, width: w * 1.3 });
  const step = dense ? 0.05 : 0.07;
  const ticks = P();
  for (let x = -0.38; x <= 0.381; x += step) {
    const i = Math.round(((x + 0.42) / 0.84) * n);
    const y = crestY(i);
    let l = Math.round(x / step) % 2 !== 0 ? 0.08 : 0.13;
    if (dense) l += 0.05;
    ticks.line(at(c, s, x, y + 0.02), at(c, s, x + 0.01, y + l));
  }
  return out + paint(ticks, { stroke: line, width: w });
}

export function steepHill(c, s, pal) {
  const t = P();
  for (let i = 0; i < 16; i++) {
    const a = (2 * Math.PI * i) / 16;
    t.line({ x: c.x + s * 0.4 * Math.cos(a), y: c.y + s * 0.03 + s * 0.33 * Math.sin(a) }, { x: c.x + s * 0.47 * Math.cos(a), y: c.y + s * 0.03 + s * 0.4 * Math.sin(a) });
  }
  return hill(c, s, pal) + paint(t, { stroke: pal.hillLine, width: s * 0.02 });
}

function house(o, w, pal) {
  const lw = w * 0.07;
  if (pal.flatRoofs) {
    return paint(P().rect(o.x - w / 2, o.y - w * 0.3, w, w * 0.6), { fill: pal.wall, stroke: pal.roofDark, width: lw })
      + paint(P().rect(o.x - w / 2, o.y - w * 0.3, w, w * 0.16), { fill: pal.roof, stroke: pal.roofDark, width: lw })
      + paint(P().rect(o.x - w * 0.08, o.y + w * 0.02, w * 0.16, w * 0.28), { fill: pal.roofDark });
  }
  return paint(P().rect(o.x - w * 0.42, o.y - w * 0.12, w * 0.84, w * 0.5), { fill: pal.wall, stroke: pal.roofDark, width: lw })
    + paint(P().poly([{ x: o.x - w * 0.56, y: o.y - w * 0.1 }, { x: o.x - w * 0.3, y: o.y - w * 0.5 }, { x: o.x + w * 0.3, y: o.y - w * 0.5 }, { x: o.x + w * 0.56, y: o.y - w * 0.1 }]), { fill: pal.roof, stroke: pal.roofDark, width: lw })
    + paint(P().rect(o.x - w * 0.08, o.y + w * 0.1, w * 0.16, w * 0.28), { fill: pal.roofDark });
}

const houseSpots = [[-0.26, -0.16], [0.25, -0.18], [-0.23, 0.25], [0.25, 0.25], [0, -0.36]];

export function town(c, s, pal) {
  let out = hexFill(c, s, pal.townTint);
  for (const h of houseSpots) out += house(at(c, s, h[0], h[1]), s * 0.2, pal);
  return out + house(at(c, s, 0, 0.04), s * 0.22, pal);
}

export function church(c, s, pal) {
  let out = hexFill(c, s, pal.townTint);
  for (const h of houseSpots.slice(2, 4)) out += house(at(c, s, h[0], h[1]), s * 0.2, pal);
  const lw = s * 0.016;
  const st = { fill: pal.wall, stroke: pal.roofDark, width: lw };
  const rf = { fill: pal.roof, stroke: pal.roofDark, width: lw };
  out += paint(P().rect(c.x - s * 0.08, c.y - s * 0.16, s * 0.34, s * 0.2), st);
  out += paint(P().poly([at(c, s, -0.1, -0.15), at(c, s, -0.04, -0.27), at(c, s, 0.22, -0.27), at(c, s, 0.28, -0.15)]), rf);
  out += paint(P().rect(c.x - s * 0.2, c.y - s * 0.3, s * 0.13, s * 0.34), st);
  out += paint(P().poly([at(c, s, -0.215, -0.3), at(c, s, -0.135, -0.44), at(c, s, -0.055, -0.3)]), rf);
  out += paint(P().line(at(c, s, -0.135, -0.44), at(c, s, -0.135, -0.53)).line(at(c, s, -0.17, -0.495), at(c, s, -0.1, -0.495)), { stroke: pal.roofDark, width: s * 0.022 });
  out += paint(P().rect(c.x - s * 0.155, c.y - s * 0.04, s * 0.04, s * 0.08, s * 0.02), { fill: pal.roofDark });
  return out;
}

export function hedgerow(c, s, pal) {
  let out = hexFill(c, s, pal.hedgeTint);
  const corners = hexCorners(c, s * 0.82);
  const r = s * 0.05;
  const bushes = [];
  for (let i = 0; i < 6; i++) {
    const a = corners[i], b = corners[(i + 1) % 6];
    for (let k = 0; k < 4; k++) bushes.push({ x: a.x + ((b.x - a.x) * k) / 4, y: a.y + ((b.y - a.y) * k) / 4 });
  }
  const p = P(), hl = P();
  for (const b of bushes) { p.circle(b.x, b.y, r); hl.circle(b.x - r * 0.3, b.y - r * 0.3, r * 0.35); }
  out += paint(p, { fill: pal.hedge, stroke: pal.hedgeDark, width: s * 0.012 });
  return out + paint(hl, { fill: mix(pal.hedge, '#ffffff', 0.25) });
}

export function beach(c, s, pal, seed) {
  const dots = P();
  for (let i = 0; i < 9; i++) {
    const x = (hash01(seed, 2 * i) - 0.5) * 0.75, y = (hash01(seed, 2 * i + 1) - 0.5) * 0.75;
    dots.circle(c.x + x * s, c.y + y * s, s * 0.012);
  }
  return hexFill(c, s, pal.sand) + paint(dots, { fill: pal.sandDot });
}

function waves(c, s, seed, col) {
  const w = P();
  [[-0.2, -0.2], [0.18, -0.02], [-0.12, 0.24]].forEach((sp, i) => {
    const x = sp[0] + (hash01(seed, i) - 0.5) * 0.1, y = sp[1] + (hash01(seed, i + 7) - 0.5) * 0.06;
    const a = at(c, s, x - 0.09, y), m = at(c, s, x, y), b = at(c, s, x + 0.09, y);
    w.M(a.x, a.y).Q(a.x + s * 0.045, a.y - s * 0.05, m.x, m.y).Q(m.x + s * 0.045, m.y + s * 0.05, b.x, b.y);
  });
  return paint(w, { stroke: col, width: s * 0.022 });
}

export function ocean(c, s, pal, seed) { return hexFill(c, s, pal.ocean) + waves(c, s, seed, pal.oceanLine); }

const lakeWob = [1, 0.9, 1.05, 0.95, 1.08, 0.88, 1.02, 0.97, 1.06, 0.92];
export function lake(c, s, pal, seed) {
  return paint(blob(c, s * 0.43, s * 0.38, lakeWob, (seed % 7) * 0.4), { fill: pal.water, stroke: pal.waterDark, width: s * 0.02 })
    + waves(c, s * 0.8, seed, pal.waterLight);
}

// marsh: reeds and pools (the Terrain Pack's marshes and rice paddies), as
// render/symbols.go's marsh.
export function marsh(c, s, pal) {
  let out = hexFill(c, s, pal.firs ? '#d7ddd0' : '#b3c08f');
  out += paint(P().ellipse(c.x - s * 0.15, c.y + s * 0.12, s * 0.14, s * 0.05), { fill: pal.water, op: 0.7 });
  out += paint(P().ellipse(c.x + s * 0.18, c.y - s * 0.12, s * 0.11, s * 0.04), { fill: pal.water, op: 0.7 });
  const reeds = P();
  for (const [x, y] of [[-0.25, -0.15], [0.05, -0.28], [0.28, 0.12], [-0.02, 0.32], [0.05, 0.05]]) {
    const o = at(c, s, x, y);
    for (const dx of [-0.04, 0, 0.04]) reeds.line({ x: o.x + dx * s * 0.5, y: o.y }, { x: o.x + dx * s, y: o.y - s * 0.08 });
  }
  return out + paint(reeds, { stroke: '#3f5a2a', width: s * 0.016 });
}

// ---- rows the client has no picture of (a ruleset's), as render/board.go's catalogGround and catalogFeature ----

// fitSize is a font size at most max for label to fit in width w.
const fitSize = (label, max, w) => Math.min(max, w / Math.max(1, String(label).length * 0.58));

// catalogGround draws a ground from its catalog row: a tint that says what
// it does (water blue, height brown, sight-blocking green) and its name.
export function catalogGround(c, s, pal, r, label) {
  let tint = '#d8d4c4';
  if (r && r.water) tint = pal.water;
  else if (r && r.height > 0) tint = pal.hillTint;
  else if (r && r.blocks_sight) tint = pal.forestTint;
  const ink = r && r.water ? '#f4f8fc' : '#3a362d';
  const size = fitSize(label, s * 0.16, s * 0.8);
  return `<g class="catalog-ground" data-key="${esc(r ? r.key : label)}">${hexFill(c, s, tint)}`
    + paint(P().poly(hexCorners(c, s * 0.84)), { stroke: mix(tint, '#000000', 0.35), width: s * 0.015, dash: [s * 0.05, s * 0.04] })
    + text(c.x, c.y + s * 0.05, label, size, { bold: true, fill: ink, cls: 'catalog-label' }) + '</g>';
}

// catalogFeature draws a feature from its catalog row: a chip with its
// name, stacked by its place k among such features of the hex.
export function catalogFeature(c, s, key, label, k) {
  const y = c.y + s * (0.18 + 0.2 * k);
  const size = fitSize(label, s * 0.11, s * 0.6);
  return `<g class="catalog-feature" data-key="${esc(key)}">`
    + paint(P().rect(c.x - s * 0.32, y - s * 0.09, s * 0.64, s * 0.16, s * 0.04), { fill: '#f3efe2', stroke: '#5a5548', width: s * 0.012 })
    + text(c.x, y + s * 0.035, label, size, { fill: '#3a362d', cls: 'catalog-label' }) + '</g>';
}

// river draws water from the hex centre towards the given edge points.
export function river(c, s, pal, ends) {
  const p = P();
  if (ends.length === 2) {
    p.M(ends[0].x, ends[0].y).Q(c.x, c.y, ends[1].x, ends[1].y);
  } else {
    for (const e of ends) p.line(c, e);
  }
  return paint(p, { stroke: pal.waterDark, width: s * 0.36 })
    + paint(p, { stroke: pal.water, width: s * 0.3 })
    + paint(p, { stroke: pal.waterLight, width: s * 0.05, op: 0.6 });
}

// ---- structures ----

export function bridge(c, s, axis) {
  const ca = Math.cos(axis), sa = Math.sin(axis);
  const tr = (x, y) => ({ x: c.x + (x * ca - y * sa) * s, y: c.y + (x * sa + y * ca) * s });
  const l = 0.36, w = 0.13, wood = '#b38c5a', dark = '#4a3320';
  let out = paint(P().poly([tr(-l, -w), tr(l, -w), tr(l, w), tr(-l, w)]), { fill: wood, stroke: dark, width: s * 0.018 });
  const planks = P();
  for (let x = -l + 0.08; x < l - 0.04; x += 0.08) planks.line(tr(x, -w), tr(x, w));
  out += paint(planks, { stroke: dark, width: s * 0.01, op: 0.45 });
  return out + paint(P().line(tr(-l - 0.04, -w), tr(l + 0.04, -w)).line(tr(-l - 0.04, w), tr(l + 0.04, w)), { stroke: dark, width: s * 0.035 });
}

// blownBridge: the two stubs of a bridge blown up, its middle gone (as
// render/symbols.go's blownBridge).
export function blownBridge(c, s, axis) {
  const ca = Math.cos(axis), sa = Math.sin(axis);
  const tr = (x, y) => ({ x: c.x + (x * ca - y * sa) * s, y: c.y + (x * sa + y * ca) * s });
  const l = 0.36, gap = 0.12, w = 0.13, wood = '#6e5233', dark = '#2b1d10';
  let out = '';
  for (const sg of [-1, 1]) {
    const a = sg * l, b = sg * gap;
    out += paint(P().poly([tr(a, -w), tr(b, -w * 0.6), tr(b * 0.7, 0), tr(b, w * 0.8), tr(a, w)]), { fill: wood, stroke: dark, width: s * 0.02, cls: 'blown-bridge' });
  }
  return out;
}

export function bunker(c, s, col = '#a7a593') {
  const dark = '#34342f';
  return paint(P().poly([at(c, s, -0.2, -0.2), at(c, s, -0.12, -0.33), at(c, s, 0.12, -0.33), at(c, s, 0.2, -0.2), at(c, s, 0.2, -0.16), at(c, s, -0.2, -0.16)]), { fill: col, stroke: dark, width: s * 0.02 })
    + paint(P().rect(c.x - s * 0.1, c.y - s * 0.255, s * 0.2, s * 0.035, s * 0.01), { fill: dark });
}

// ---- obstacles ----

export function sandbags(c, s, facing) {
  const bag = '#d3b985', dark = '#6b5630';
  const o = at(c, s, 0, 0.06), r = s * 0.34;
  let out = '';
  for (let i = -3; i <= 3; i++) {
    const a = facing + i * 0.3;
    const q = { x: o.x + r * Math.cos(a), y: o.y + r * Math.sin(a) };
    out += rotEllipse(q, s * 0.058, s * 0.036, a + Math.PI / 2) + ` fill="${bag}" stroke="${dark}" stroke-width="${(s * 0.012).toFixed(1)}"/>`;
  }
  return out;
}

export function wire(c, s) {
  const col = '#3b3b3b';
  let out = '';
  const coil = (y, half) => {
    const p = P();
    for (let x = -half; x <= half + 1e-9; x += 0.06) { const q = at(c, s, x, y); p.circle(q.x, q.y, s * 0.045); }
    out += paint(p, { stroke: col, width: s * 0.012 });
    out += paint(P().line(at(c, s, -half - 0.04, y - 0.06), at(c, s, -half - 0.04, y + 0.06)).line(at(c, s, half + 0.04, y - 0.06), at(c, s, half + 0.04, y + 0.06)), { stroke: '#5a4632', width: s * 0.025 });
  };
  coil(0.39, 0.21);
  coil(-0.37, 0.15);
  return out;
}

export function hedgehogs(c, s) {
  const p = P();
  for (const sp of [[-0.32, 0.26], [0.32, 0.26], [0, 0.42], [0.3, -0.27]]) {
    const o = at(c, s, sp[0], sp[1]), r = s * 0.075;
    p.line({ x: o.x - r, y: o.y + r * 0.8 }, { x: o.x + r, y: o.y - r * 0.8 });
    p.line({ x: o.x - r, y: o.y - r * 0.8 }, { x: o.x + r, y: o.y + r * 0.8 });
    p.line({ x: o.x - r * 0.2, y: o.y + r }, { x: o.x + r * 0.2, y: o.y - r });
  }
  return paint(p, { stroke: '#3a3835', width: s * 0.026 });
}

export function seawall(c, s) {
  const stone = '#9d978b', dark = '#4a463f', y0 = -0.2, y1 = -0.09;
  let out = paint(P().poly([at(c, s, -0.5, y0), at(c, s, 0.5, y0), at(c, s, 0.5, y1), at(c, s, -0.5, y1)]), { fill: stone, stroke: dark, width: s * 0.016 });
  const b = P();
  for (let x = -0.4; x < 0.45; x += 0.12) b.line(at(c, s, x, y0), at(c, s, x, y1));
  b.line(at(c, s, -0.5, (y0 + y1) / 2), at(c, s, 0.5, (y0 + y1) / 2));
  return out + paint(b, { stroke: dark, width: s * 0.01, op: 0.6 });
}

// ---- markers ----

// medal draws an objective medal: gold rim, the colour of the side(s) that
// can gain it, and a star (temporary), P (permanent), M (majority) or !
// (sudden death).
export function medal(o, r, kind, sides, pal) {
  let out;
  if (kind === 'sudden-death') out = paint(P().circle(o.x, o.y, r), { fill: '#c62828', stroke: '#5c0d0d', width: r * 0.14 });
  else out = paint(P().circle(o.x, o.y, r), { fill: pal.gold, stroke: pal.goldDark, width: r * 0.12 });
  const inr = r * 0.74;
  const both = sides.includes('allies') && sides.includes('axis');
  if (kind !== 'sudden-death') {
    if (both) {
      out += paint(P().M(o.x, o.y - inr).arc(o.x, o.y, inr, -Math.PI / 2, (-3 * Math.PI) / 2, false).Z(), { fill: pal.side.allies });
      out += paint(P().M(o.x, o.y - inr).arc(o.x, o.y, inr, -Math.PI / 2, Math.PI / 2, false).Z(), { fill: pal.side.axis });
    } else {
      out += paint(P().circle(o.x, o.y, inr), { fill: pal.side[sides.includes('axis') ? 'axis' : 'allies'] });
    }
  }
  switch (kind) {
    case 'permanent': return out + text(o.x, o.y + r * 0.36, 'P', r * 1.05, { bold: true, fill: '#fff' });
    case 'majority': return out + text(o.x, o.y + r * 0.36, 'M', r, { bold: true, fill: '#fff' });
    case 'sudden-death': return out + text(o.x, o.y + r * 0.4, '!', r * 1.2, { bold: true, fill: '#fff' });
    default: return out + paint(star(o, inr * 0.8), { fill: '#fff' });
  }
}

// ---- units ----

function soldier(g, cs, ink, dark) {
  const u = (x, y) => ({ x: g.x + x * cs, y: g.y + y * cs });
  const lw = cs * 0.02;
  let out = paint(P().line(u(-0.2, 0.18), u(0.19, -0.27)), { stroke: dark, width: cs * 0.075 });
  out += paint(P().line(u(-0.2, 0.18), u(0.19, -0.27)), { stroke: mix(ink, dark, 0.35), width: cs * 0.04 });
  const st = { fill: ink, stroke: dark, width: lw };
  out += paint(P().poly([u(-0.12, 0.1), u(-0.02, 0.1), u(-0.05, 0.33), u(-0.14, 0.33)]), st);
  out += paint(P().poly([u(0.02, 0.1), u(0.12, 0.1), u(0.14, 0.33), u(0.05, 0.33)]), st);
  out += paint(P().poly([u(-0.16, -0.1), u(0.16, -0.1), u(0.13, 0.14), u(-0.13, 0.14)]), st);
  const hd = u(0, -0.17);
  out += paint(P().circle(hd.x, hd.y, cs * 0.075), st);
  const hm = u(0, -0.2);
  out += paint(P().M(hm.x - cs * 0.13, hm.y).arc(hm.x, hm.y, cs * 0.11, Math.PI, 2 * Math.PI, false).L(hm.x + cs * 0.13, hm.y).Z(), st);
  return out;
}

function tank(g, cs, ink, dark) {
  const u = (x, y) => ({ x: g.x + x * cs, y: g.y + y * cs });
  const lw = cs * 0.025, st = { fill: ink, stroke: dark, width: lw };
  const tl = u(-0.36, 0.07);
  let out = paint(P().rect(tl.x, tl.y, cs * 0.72, cs * 0.17, cs * 0.085), st);
  const wh = P();
  for (let i = 0; i < 5; i++) { const w = u(-0.27 + i * 0.135, 0.155); wh.circle(w.x, w.y, cs * 0.045); }
  out += paint(wh, { fill: dark });
  out += paint(P().poly([u(-0.3, 0.07), u(-0.26, -0.04), u(0.3, -0.04), u(0.34, 0.07)]), st);
  out += paint(P().line(u(0.1, -0.12), u(0.44, -0.14)), { stroke: dark, width: cs * 0.075 });
  out += paint(P().line(u(0.1, -0.12), u(0.43, -0.14)), { stroke: ink, width: cs * 0.035 });
  const tt = u(-0.15, -0.2);
  return out + paint(P().rect(tt.x, tt.y, cs * 0.3, cs * 0.17, cs * 0.05), st);
}

function gun(g, cs, ink, dark) {
  const u = (x, y) => ({ x: g.x + x * cs, y: g.y + y * cs });
  const lw = cs * 0.025, st = { fill: ink, stroke: dark, width: lw };
  let out = paint(P().line(u(-0.06, 0.12), u(-0.38, 0.3)), { stroke: dark, width: cs * 0.08 });
  out += paint(P().line(u(-0.06, 0.12), u(-0.37, 0.3)), { stroke: ink, width: cs * 0.04 });
  out += paint(P().line(u(-0.08, 0.06), u(0.4, -0.24)), { stroke: dark, width: cs * 0.1 });
  out += paint(P().line(u(-0.07, 0.06), u(0.39, -0.235)), { stroke: ink, width: cs * 0.055 });
  out += paint(P().poly([u(-0.02, -0.12), u(0.1, -0.16), u(0.14, 0.06), u(0.02, 0.1)]), st);
  const w = u(0, 0.16);
  out += paint(P().circle(w.x, w.y, cs * 0.14), { fill: ink, stroke: dark, width: lw * 1.4 });
  return out + paint(P().circle(w.x, w.y, cs * 0.04), { fill: dark });
}

const nationCodes = { us: 'US', brit: 'GB', ger: 'DE', ru: 'SU', jp: 'JP', it: 'IT', fr: 'FR' };

// glyph is a unit type's silhouette alone (for the hand, the log, legends).
export function glyph(type, g, cs, ink, dark) {
  if (type === 'armor') return tank(g, cs, ink, dark);
  if (type === 'artillery') return gun(g, cs, ink, dark);
  return soldier(g, cs, ink, dark);
}

// KIND_MARKS are the short names on the counters of Winter Wars V kinds
// (as render/symbols.go's kindMarks).
export const KIND_MARKS = { engineers: 'ENG', 'mobile-artillery': 'MOB', 'heavy-anti-tank-gun': '88', 'tank-destroyer': 'TD',
  'infantry-anti-tank': 'AT', 'infantry-machine-gun': 'MG', 'infantry-mortar': 'MOR', 'half-tracks': 'HT',
  'big-gun': 'BIG', 'supply-trucks': 'TRK' };

// mine draws a minefield token (Winter Wars III): face down ("?") until
// turned over, then its value; as render/symbols.go's mine mark.
export function mine(c, s, value, label) {
  const o = { x: c.x + s * 0.27, y: c.y - s * 0.22 };
  const r = s * 0.15;
  const spikes = P();
  for (let i = 0; i < 8; i++) {
    const a = i * Math.PI / 4;
    spikes.line({ x: o.x + r * 0.5 * Math.cos(a), y: o.y + r * 0.5 * Math.sin(a) }, { x: o.x + r * Math.cos(a), y: o.y + r * Math.sin(a) });
  }
  return `<g class="minefield${value == null ? ' face-down' : ' revealed'}"><title>${esc(label)}</title>`
    + paint(spikes, { stroke: '#2f2c27', width: r * 0.18 })
    + paint(P().circle(o.x, o.y, r * 0.7), { fill: value == null ? '#8a7b5a' : '#f3efe2', stroke: '#2f2c27', width: r * 0.12 })
    + text(o.x, o.y + r * 0.3, value == null ? '?' : String(value), r * 0.85, { bold: true, fill: value == null ? '#f3efe2' : '#2f2c27' }) + '</g>';
}

// smoke draws a smoke screen marker (FAQ III "Écran de fumée"): grey puffs
// over the hex, paler once flipped; as render/symbols.go's smoke mark.
export function smoke(c, s, label) {
  const puffs = [[-0.3, 0.08, 0.27], [0.28, 0.08, 0.27], [-0.12, -0.14, 0.3], [0.14, -0.16, 0.28], [0.02, 0.2, 0.28]];
  const p = P();
  for (const [x, y, r] of puffs) p.circle(c.x + x * s, c.y + y * s, r * s);
  return `<g class="smoke-screen"><title>${esc(label)}</title>`
    + paint(p, { fill: '#d9d9d6', stroke: '#8f8f8a', width: s * 0.012, op: 0.78 }) + '</g>';
}

// sabotage draws a sabotage target's star tokens at the foot of its hex,
// below a unit's counter: a gold star with "placed/needed", red once
// sabotaged.
export function sabotage(c, s, stars, needed, label) {
  const o = { x: c.x - s * 0.22, y: c.y + s * 0.6 };
  const r = s * 0.14;
  const done = stars >= needed;
  return `<g class="sabotage${done ? ' done' : ''}"><title>${esc(label)}</title>`
    + paint(star(o, r), { fill: done ? '#c62828' : '#e0b43a', stroke: '#2f2c27', width: r * 0.1 })
    + text(o.x + r * 1.1, o.y + r * 0.35, `${stars}/${needed}`, r * 0.95, { anchor: 'start', bold: true, fill: '#2f2c27' }) + '</g>';
}

// counter draws a unit: a square counter of the side's colour with the
// type's silhouette, the figures left, a star for special forces.
export function counter(o, cs, u, pal) {
  const body = pal.side[u.side], dark = pal.sideDark[u.side], ink = pal.sideText[u.side];
  const h = cs / 2;
  let out = paint(P().rect(o.x - h + cs * 0.05, o.y - h + cs * 0.06, cs, cs, cs * 0.12), { fill: '#000', op: 0.28 });
  out += paint(P().rect(o.x - h, o.y - h, cs, cs, cs * 0.12), { fill: body, stroke: dark, width: cs * 0.05 });
  out += glyph(u.type, { x: o.x, y: o.y + cs * 0.04 }, cs, ink, dark);
  const code = nationCodes[u.nation];
  if (code) out += text(o.x - h + cs * 0.1, o.y - h + cs * 0.25, code, cs * 0.2, { anchor: 'start', bold: true, fill: ink });
  const mark = KIND_MARKS[u.kind];
  if (mark) out += text(o.x - h + cs * 0.1, o.y - h + cs * 0.47, mark, cs * 0.19, { anchor: 'start', bold: true, fill: ink, cls: 'kind-mark' });
  const fc = { x: o.x + h - cs * 0.04, y: o.y + h - cs * 0.04 };
  const numCol = u.figures < u.max ? '#c62828' : dark;
  out += paint(P().circle(fc.x, fc.y, cs * 0.21), { fill: '#fff', stroke: dark, width: cs * 0.04 });
  out += text(fc.x, fc.y + cs * 0.11, String(u.figures), cs * 0.3, { bold: true, fill: numCol });
  if (u.boat) { // collapsible boats (FAQ III Actions): a hull at the lower left
    const c = { x: o.x - h + cs * 0.2, y: o.y + h - cs * 0.08 }, w = cs * 0.42;
    out += paint(P().poly([{ x: c.x - w / 2, y: c.y - w * 0.14 }, { x: c.x + w / 2, y: c.y - w * 0.14 }, { x: c.x + w * 0.34, y: c.y + w * 0.14 }, { x: c.x - w * 0.34, y: c.y + w * 0.14 }]),
      { fill: '#8d6e63', stroke: '#4e342e', width: w * 0.06, cls: 'boat' });
  }
  const corner = { x: o.x + h - cs * 0.04, y: o.y - h + cs * 0.04 };
  if (u.elite) out += paint(star(corner, cs * 0.22), { fill: pal.gold, stroke: pal.goldDark, width: cs * 0.035 });
  else if (u.resistance) {
    out += paint(P().circle(corner.x, corner.y, cs * 0.18), { fill: '#fff', stroke: dark, width: cs * 0.035 });
    out += text(corner.x, corner.y + cs * 0.08, 'R', cs * 0.22, { bold: true, fill: '#1d3f8f' });
  } else if (u.badge) out += paint(P().circle(corner.x, corner.y, cs * 0.14), { fill: pal.gold, stroke: pal.goldDark, width: cs * 0.035 });
  return out;
}

// ---- dice faces (for the dice tray and the log) ----

export function dieFace(face, size = 40) {
  const s = size, c = { x: s / 2, y: s / 2 };
  let out = paint(P().rect(1.5, 1.5, s - 3, s - 3, s * 0.18), { fill: '#fbf8ef', stroke: '#3d3a33', width: 2 });
  const ink = '#2b2a26';
  switch (face) {
    case 'infantry': out += soldier({ x: c.x, y: c.y + s * 0.02 }, s * 0.95, '#5b7f36', '#263a12'); break;
    case 'armor': out += tank({ x: c.x - s * 0.03, y: c.y + s * 0.04 }, s * 0.95, '#66798f', '#27323f'); break;
    case 'grenade': {
      out += paint(P().ellipse(c.x, c.y + s * 0.08, s * 0.2, s * 0.24), { fill: '#55603a', stroke: ink, width: s * 0.04 });
      const g = P();
      for (const dy of [-0.04, 0.08, 0.2]) g.line({ x: c.x - s * 0.19, y: c.y + dy * s }, { x: c.x + s * 0.19, y: c.y + dy * s });
      g.line({ x: c.x, y: c.y - s * 0.15 }, { x: c.x, y: c.y + s * 0.31 });
      out += paint(g, { stroke: ink, width: s * 0.025 });
      out += paint(P().rect(c.x - s * 0.08, c.y - s * 0.25, s * 0.16, s * 0.1, s * 0.02), { fill: '#8b8b80', stroke: ink, width: s * 0.03 });
      out += paint(P().line({ x: c.x + s * 0.08, y: c.y - s * 0.22 }, { x: c.x + s * 0.24, y: c.y - s * 0.1 }), { stroke: ink, width: s * 0.04 });
      break;
    }
    case 'star': out += paint(star(c, s * 0.34), { fill: '#e0b62e', stroke: '#7a5b0c', width: s * 0.04 }); break;
    case 'flag': {
      out += paint(P().line({ x: c.x - s * 0.2, y: c.y + s * 0.32 }, { x: c.x - s * 0.2, y: c.y - s * 0.32 }), { stroke: ink, width: s * 0.06 });
      out += paint(P().M(c.x - s * 0.18, c.y - s * 0.3).Q(c.x, c.y - s * 0.36, c.x + s * 0.26, c.y - s * 0.26).L(c.x + s * 0.26, c.y).Q(c.x, c.y - s * 0.08, c.x - s * 0.18, c.y - s * 0.02).Z(), { fill: '#c62828', stroke: '#5c0d0d', width: s * 0.03 });
      break;
    }
    default: out += text(c.x, c.y + s * 0.12, '?', s * 0.4, { bold: true });
  }
  return `<svg viewBox="0 0 ${s} ${s}" width="${s}" height="${s}" class="die" role="img">${out}</svg>`;
}
