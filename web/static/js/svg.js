// A small SVG writer: paths built like the Go renderer's (render/scene.go)
// and painted into strings, so that the board is one innerHTML assignment.

const f1 = (v) => {
  const s = (Math.round(v * 10) / 10).toString();
  return s === '-0' ? '0' : s;
};

export class Path {
  constructor() { this.d = []; }
  M(x, y) { this.d.push(`M${f1(x)},${f1(y)}`); return this; }
  L(x, y) { this.d.push(`L${f1(x)},${f1(y)}`); return this; }
  Q(cx, cy, x, y) { this.d.push(`Q${f1(cx)},${f1(cy)} ${f1(x)},${f1(y)}`); return this; }
  C(a, b, c, d, x, y) { this.d.push(`C${f1(a)},${f1(b)} ${f1(c)},${f1(d)} ${f1(x)},${f1(y)}`); return this; }
  Z() { this.d.push('Z'); return this; }
  poly(pts) { pts.forEach((p, i) => (i ? this.L(p.x, p.y) : this.M(p.x, p.y))); return this.Z(); }
  line(...pts) { pts.forEach((p, i) => (i ? this.L(p.x, p.y) : this.M(p.x, p.y))); return this; }
  circle(cx, cy, r) { return this.ellipse(cx, cy, r, r); }
  ellipse(cx, cy, rx, ry) {
    this.d.push(`M${f1(cx + rx)},${f1(cy)}A${f1(rx)},${f1(ry)} 0 1 1 ${f1(cx - rx)},${f1(cy)}A${f1(rx)},${f1(ry)} 0 1 1 ${f1(cx + rx)},${f1(cy)}Z`);
    return this;
  }
  rect(x, y, w, h, r = 0) {
    if (r <= 0) return this.poly([{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }]);
    r = Math.min(r, w / 2, h / 2);
    return this.M(x + r, y).L(x + w - r, y).Q(x + w, y, x + w, y + r).L(x + w, y + h - r).Q(x + w, y + h, x + w - r, y + h)
      .L(x + r, y + h).Q(x, y + h, x, y + h - r).L(x, y + r).Q(x, y, x + r, y).Z();
  }
  arc(cx, cy, r, a0, a1, first) {
    const n = Math.max(2, Math.ceil(Math.abs(a1 - a0) / (Math.PI / 12)));
    for (let i = 0; i <= n; i++) {
      const a = a0 + ((a1 - a0) * i) / n;
      const x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
      if (i === 0 && first) this.M(x, y); else this.L(x, y);
    }
    return this;
  }
  toString() { return this.d.join(''); }
}

export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

// Style: {fill, stroke, width, dash, op (opacity), cls, butt}
export function paint(p, st = {}) {
  const d = typeof p === 'string' ? p : p.toString();
  if (!d) return '';
  let a = `<path d="${d}" fill="${st.fill || 'none'}"`;
  if (st.stroke && st.width) {
    a += ` stroke="${st.stroke}" stroke-width="${f1(st.width)}" stroke-linejoin="round" stroke-linecap="${st.butt ? 'butt' : 'round'}"`;
    if (st.dash) a += ` stroke-dasharray="${st.dash.map(f1).join(' ')}"`;
  }
  if (st.op != null) a += ` opacity="${st.op}"`;
  if (st.cls) a += ` class="${st.cls}"`;
  return a + '/>';
}

export function text(x, y, s, size, { anchor = 'middle', bold = false, fill = '#2b2a26', cls = '' } = {}) {
  if (s === '' || s == null) return '';
  return `<text x="${f1(x)}" y="${f1(y)}" font-size="${f1(size)}"${bold ? ' font-weight="bold"' : ''} text-anchor="${anchor}" fill="${fill}"${cls ? ` class="${cls}"` : ''}>${esc(s)}</text>`;
}

// mix moves colour a towards b by t; alpha gives "rgba" strings.
export function mix(a, b, t) {
  const pa = parseInt(a.slice(1), 16), pb = parseInt(b.slice(1), 16);
  const ch = (v, s) => (v >> s) & 255;
  const m = (s) => Math.round(ch(pa, s) + (ch(pb, s) - ch(pa, s)) * t);
  return '#' + ((1 << 24) | (m(16) << 16) | (m(8) << 8) | m(0)).toString(16).slice(1);
}
