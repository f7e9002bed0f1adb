// Pinch-zoom and pan of the board: two fingers zoom about their middle, one
// finger (or the mouse) drags a zoomed board, the wheel zooms about the
// pointer, and buttons zoom in, out and back to the whole board. The board
// is an SVG that fills `inner`; inner is scaled and moved with a CSS
// transform inside `viewport`, so clicks on hexes keep working.
export const MIN = 1, MAX = 4;

export class Zoom {
  constructor(viewport, inner, { onChange } = {}) {
    this.vp = viewport;
    this.inner = inner;
    this.onChange = onChange || (() => {});
    this.s = 1; this.x = 0; this.y = 0;
    this.pointers = new Map();
    this.dragged = false;
    viewport.addEventListener('pointerdown', (e) => this.down(e));
    viewport.addEventListener('pointermove', (e) => this.move(e));
    for (const ev of ['pointerup', 'pointercancel', 'pointerleave']) viewport.addEventListener(ev, (e) => this.up(e));
    viewport.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = this.vp.getBoundingClientRect();
      this.zoomAt(this.s * Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    // A drag is not a click on the hex under the finger.
    viewport.addEventListener('click', (e) => { if (this.dragged) { e.stopPropagation(); e.preventDefault(); this.dragged = false; } }, true);
  }

  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.start = { s: this.s, x: this.x, y: this.y, pts: new Map(this.pointers) };
    this.moved = 0;
    if (this.pointers.size === 1) this.dragged = false;
  }

  move(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const st = this.start;
    const r = this.vp.getBoundingClientRect();
    const pts = [...this.pointers.values()];
    const old = [...st.pts.values()];
    if (pts.length >= 2 && old.length >= 2) {
      const d = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = (a, b) => ({ x: (a.x + b.x) / 2 - r.left, y: (a.y + b.y) / 2 - r.top });
      const m0 = mid(old[0], old[1]), m1 = mid(pts[0], pts[1]);
      const s = clamp(st.s * d(pts[0], pts[1]) / d(old[0], old[1]), MIN, MAX);
      // Keep the point under the fingers' middle under it.
      this.set(s, m1.x - (m0.x - st.x) * (s / st.s), m1.y - (m0.y - st.y) * (s / st.s));
      this.dragged = true;
      return;
    }
    if (this.s <= 1 || old.length !== 1) return;
    const dx = pts[0].x - old[0].x, dy = pts[0].y - old[0].y;
    if (!this.dragged && Math.hypot(dx, dy) < 8) return;
    this.dragged = true;
    this.set(this.s, st.x + dx, st.y + dy);
  }

  up(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    this.start = { s: this.s, x: this.x, y: this.y, pts: new Map(this.pointers) };
  }

  // zoomAt zooms to scale s keeping viewport point (px, py) still.
  zoomAt(s, px, py) {
    s = clamp(s, MIN, MAX);
    this.set(s, px - (px - this.x) * (s / this.s), py - (py - this.y) * (s / this.s));
  }

  // by zooms by factor f about the viewport's centre.
  by(f) { const r = this.vp.getBoundingClientRect(); this.zoomAt(this.s * f, r.width / 2, r.height / 2); }

  reset() { this.set(1, 0, 0); }

  // set zooms to scale s at offset (x, y), kept so the board covers the viewport.
  set(s, x, y) {
    const r = this.vp.getBoundingClientRect();
    this.s = s;
    this.x = clamp(x, r.width - r.width * s, 0);
    this.y = clamp(y, r.height - r.height * s, 0);
    this.apply();
  }

  apply() {
    this.inner.style.transform = this.s === 1 ? '' : `translate(${this.x}px, ${this.y}px) scale(${this.s})`;
    this.vp.classList.toggle('zoomed', this.s > 1);
    this.onChange(this.s);
  }
}

const clamp = (v, a, b) => Math.min(b, Math.max(a, v));
