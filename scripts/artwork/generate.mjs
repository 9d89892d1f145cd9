#!/usr/bin/env node
// Facet artwork generator.
//
// Draws every image the storefront ships with -- three views of each seed product
// (read from apps/api/src/catalog/seed/seed-catalogue.json, the same data the API
// seeds from), category still lifes, hero slides, brand marks and editorial
// illustrations -- as plain, self-contained SVG: no fonts, scripts, external
// references or web URLs (the only URL-shaped string is the SVG namespace).
//
//   node scripts/artwork/generate.mjs                 # everything
//   node scripts/artwork/generate.mjs --only=celeste  # products whose slug contains "celeste"
//   node scripts/artwork/generate.mjs --only=men-rings  # products of one category
//
// Output is deterministic: every random choice comes from a PRNG seeded by the
// product slug (or the image name), so re-running produces identical files.
// Plain Node 20 ESM, no dependencies.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CATALOGUE_JSON = join(ROOT, 'apps/api/src/catalog/seed/seed-catalogue.json');
const OUT = join(ROOT, 'apps/storefront/public/images');

// ---------------------------------------------------------------------------
// Determinism and number formatting
// ---------------------------------------------------------------------------

function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function makeRng(seedText) {
  let a = hashString(seedText) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}

/** Compact number: at most one decimal, no trailing ".0", no "-0". */
function f(n) {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

const TAU = Math.PI * 2;
const rad = (deg) => (deg * Math.PI) / 180;
const clamp = (v, lo = 0, hi = 1) => Math.max(lo, Math.min(hi, v));
const lerp = (a, b, t) => a + (b - a) * t;

/** Closed polygon as path data. */
function poly(points) {
  // relative coordinates in tenths of a pixel: same precision as absolute, fewer characters
  const q = points.map(([x, y]) => [Math.round(x * 10), Math.round(y * 10)]);
  const t = (v) => f(v / 10);
  let d = `M${t(q[0][0])} ${t(q[0][1])}l`;
  for (let i = 1; i < q.length; i++) {
    const dx = t(q[i][0] - q[i - 1][0]),
      dy = t(q[i][1] - q[i - 1][1]);
    d += (i > 1 && dx[0] !== '-' ? ' ' : '') + dx + (dy[0] === '-' ? '' : ' ') + dy;
  }
  return d + 'z';
}

/** Closed polygon with whole-pixel coordinates (shared vertices stay shared). */
function polyInt(points) {
  const q = points.map(([x, y]) => [Math.round(x), Math.round(y)]);
  let d = `M${q[0][0]} ${q[0][1]}l`;
  for (let i = 1; i < q.length; i++) {
    const dx = q[i][0] - q[i - 1][0],
      dy = q[i][1] - q[i - 1][1];
    d += (i > 1 && dx >= 0 ? ' ' : '') + dx + (dy < 0 ? '' : ' ') + dy;
  }
  return d + 'z';
}

/** Full ellipse as path data (two arcs). */
function ellipsePath(cx, cy, rx, ry) {
  return `M${f(cx - rx)} ${f(cy)}a${f(rx)} ${f(ry)} 0 1 0 ${f(2 * rx)} 0a${f(rx)} ${f(ry)} 0 1 0 ${f(-2 * rx)} 0Z`;
}

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex([r, g, b]) {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.round(clamp(v, 0, 255))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
function mix(a, b, t) {
  const A = hexToRgb(a);
  const B = hexToRgb(b);
  return rgbToHex(A.map((v, i) => lerp(v, B[i], t)));
}

// ---------------------------------------------------------------------------
// SVG document builder
// ---------------------------------------------------------------------------

class Svg {
  constructor(w, h, seedText) {
    this.w = w;
    this.h = h;
    this.rnd = makeRng(seedText);
    this.defs = new Map();
    this.body = [];
    this.n = 0;
  }
  /** Register a definition once; returns its id. */
  def(id, markup) {
    if (!this.defs.has(id)) this.defs.set(id, typeof markup === 'function' ? markup(id) : markup);
    return id;
  }
  /** Define markup drawn at the origin once; returns a <use> placing it. */
  place(key, build, x, y, extra = '') {
    const id = 'u' + key;
    if (!this.defs.has(id)) this.defs.set(id, `<g id="${id}">${build()}</g>`);
    return `<use href="#${id}" transform="translate(${f(x)} ${f(y)})${extra}"/>`;
  }
  uid(prefix) {
    this.n += 1;
    return prefix + this.n;
  }
  add(...parts) {
    for (const p of parts) if (p) this.body.push(p);
  }
  toString() {
    const defs = this.defs.size ? `<defs>${[...this.defs.values()].join('')}</defs>` : '';
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      defs +
      this.body.join('') +
      '</svg>\n'
    );
  }
}

function stops(list) {
  return list
    .map(
      ([o, c, op]) =>
        `<stop offset="${String(o).replace(/^0\./, '.')}" stop-color="${c}"${op == null || op === 1 ? '' : ` stop-opacity="${String(op).replace(/^0\./, '.')}"`}/>`,
    )
    .join('');
}
function linear(id, [x1, y1, x2, y2], list, user = false) {
  const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
  return `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${u}>${stops(list)}</linearGradient>`;
}
function radial(id, [cx, cy, r, fx, fy], list, user = false) {
  const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
  const fxy = fx == null ? '' : ` fx="${f(fx)}" fy="${f(fy)}"`;
  return `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${fxy}${u}>${stops(list)}</radialGradient>`;
}
// objectBoundingBox variants need fractional coordinates, so format those separately
function linearBox(id, [x1, y1, x2, y2], list) {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}
function radialBox(id, [cx, cy, r, fx, fy], list) {
  const fxy = fx == null ? '' : ` fx="${fx}" fy="${fy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fxy}>${stops(list)}</radialGradient>`;
}

// ---------------------------------------------------------------------------
// Materials
// ---------------------------------------------------------------------------

/** Polished-metal ramps: [deep shadow, shadow, body, light, highlight]. */
const METALS = {
  yellow: { ramp: ['#6b4510', '#a8741f', '#d9a845', '#f1cf7a', '#fff4cc'], name: 'yellow gold' },
  white: { ramp: ['#5e666e', '#8f989f', '#c4cbd1', '#e4e8eb', '#ffffff'], name: 'white gold' },
  platinum: { ramp: ['#565e67', '#858e98', '#b7bfc7', '#dde2e7', '#fbfcfd'], name: 'platinum' },
  silver: { ramp: ['#636a70', '#959ca2', '#cdd2d6', '#eceef0', '#ffffff'], name: 'sterling silver' },
  rose: { ramp: ['#6e3526', '#a35b44', '#d4917a', '#efbea9', '#fff0e8'], name: 'rose gold' },
  black: { ramp: ['#060708', '#17191c', '#2e3237', '#5b6168', '#b4bac1'], name: 'black rhodium' },
};

/** Facet colours from dark to light, plus the body colour used for small stones. */
const GEMS = {
  diamond: {
    ramp: ['#232a33', '#4d5866', '#8795a4', '#b9c6d3', '#dde6ee', '#f3f7fb', '#ffffff'],
    fire: ['#fff6dc', '#e2f4ff', '#f8eaff', '#e6fff1'],
    body: '#eef3f8',
  },
  sapphire: {
    ramp: ['#050f33', '#0a1d5c', '#12318f', '#1d4cc0', '#3a6fe0', '#7aa6ff', '#d6e4ff'],
    fire: ['#9fc2ff'],
    body: '#1a3fa8',
  },
  emerald: {
    ramp: ['#01200f', '#033d22', '#066338', '#0b8a4e', '#22b06b', '#6fe0a6', '#d4ffe9'],
    fire: ['#a8f5cc'],
    body: '#0a7a45',
  },
  ruby: {
    ramp: ['#2a0208', '#580615', '#8e0c24', '#c2163a', '#e43a5a', '#ff8596', '#ffe0e5'],
    fire: ['#ffb3bf'],
    body: '#b3122f',
  },
  black: {
    ramp: ['#030304', '#0b0c0e', '#15171a', '#23262b', '#3a3e45', '#6b717a', '#c9ced5'],
    fire: ['#9aa1aa'],
    body: '#17191c',
  },
};

/** Studio backdrops: warm ivory/champagne for women, cool slate/stone for men. */
const BACKDROPS = {
  women: [
    { hi: '#fffaf2', mid: '#f4e9d8', lo: '#dcc7a8', floor: '#e9dac2', shadow: '#5a4327' },
    { hi: '#fdf8f3', mid: '#f1e4d6', lo: '#d7bfa6', floor: '#e6d3bf', shadow: '#553a2a' },
    { hi: '#fffbf5', mid: '#f3ebdf', lo: '#d9c9b0', floor: '#ebe0cd', shadow: '#4f4330' },
  ],
  men: [
    { hi: '#f1f3f5', mid: '#d5dbe0', lo: '#8e99a4', floor: '#c2cad1', shadow: '#1c2329' },
    { hi: '#eceeef', mid: '#cfd3d6', lo: '#878d93', floor: '#babfc4', shadow: '#1e2226' },
    { hi: '#eef1f2', mid: '#d0d7d9', lo: '#84929a', floor: '#bcc6ca', shadow: '#182126' },
  ],
};

/** Register (once) a metal gradient. kind: d(iagonal) h(orizontal) v(ertical) r(adial bead). */
function metal(svg, m, kind = 'd') {
  const id = `m${m}${kind}`;
  const [k0, k1, k2, k3, k4] = METALS[m].ramp;
  svg.def(id, () => {
    if (kind === 'r')
      return radialBox(
        id,
        [0.5, 0.5, 0.5, 0.35, 0.3],
        [
          [0, k4],
          [0.35, k3],
          [0.75, k1],
          [1, k0],
        ],
      );
    const dir = { d: [0, 0, 1, 1], h: [0, 0, 1, 0], v: [0, 0, 0, 1], a: [1, 0, 0, 1] }[kind];
    return linearBox(id, dir, [
      [0, k1],
      [0.2, k3],
      [0.3, k4],
      [0.45, k2],
      [0.62, k0],
      [0.84, k4],
      [1, k2],
    ]);
  });
  return `url(#${id})`;
}

/** Brushed (satin) variant: lower contrast. */
function metalSatin(svg, m, kind = 'd') {
  const id = `s${m}${kind}`;
  const [, k1, k2, k3] = METALS[m].ramp;
  svg.def(id, () => {
    const dir = { d: [0, 0, 1, 1], h: [0, 0, 1, 0], v: [0, 0, 0, 1] }[kind];
    return linearBox(id, dir, [
      [0, k1],
      [0.3, k3],
      [0.55, k2],
      [0.8, k3],
      [1, k1],
    ]);
  });
  return `url(#${id})`;
}

function shadowGrad(svg, color = '#000000') {
  const id = 'sh' + color.slice(1);
  svg.def(id, () =>
    radialBox(
      id,
      [0.5, 0.5, 0.5],
      [
        [0, color, 0.42],
        [0.55, color, 0.16],
        [1, color, 0],
      ],
    ),
  );
  return `url(#${id})`;
}

/** Soft contact shadow. */
function shadow(svg, cx, cy, rx, ry, color = '#000000', opacity = 1) {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${shadowGrad(svg, color)}"${opacity === 1 ? '' : ` opacity="${opacity}"`}/>`;
}

/** Four-point star glint, drawn white with a soft halo. */
function sparkle(svg, x, y, s, rot = 0, opacity = 1) {
  svg.def('spk', '<path id="spk" d="M0-10Q.6-.6 10 0Q.6 .6 0 10Q-.6 .6-10 0Q-.6-.6 0-10Z" fill="#fff"/>');
  svg.def('glo', () =>
    radialBox(
      'glo',
      [0.5, 0.5, 0.5],
      [
        [0, '#ffffff', 0.95],
        [0.3, '#ffffff', 0.35],
        [1, '#ffffff', 0],
      ],
    ),
  );
  const o = opacity === 1 ? '' : ` opacity="${opacity}"`;
  return (
    `<g transform="translate(${f(x)} ${f(y)})"${o}><circle r="${f(s * 0.42)}" fill="url(#glo)"/>` +
    `<use href="#spk" transform="rotate(${f(rot)}) scale(${(s / 10).toFixed(2)})"/>` +
    `<use href="#spk" transform="rotate(${f(rot + 45)}) scale(${(s / 24).toFixed(2)})"/></g>`
  );
}

// ---------------------------------------------------------------------------
// Faceted gemstones in 3D
// ---------------------------------------------------------------------------

const V3 = {
  sub: (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]],
  cross: (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]],
  dot: (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2],
  norm: (a) => {
    const l = Math.hypot(a[0], a[1], a[2]) || 1;
    return [a[0] / l, a[1] / l, a[2] / l];
  },
};

/** Outline radius multiplier for a cut, as a function of angle around the stone. */
function outline(shape) {
  switch (shape) {
    case 'oval':
      return (x, z) => [x * 0.74, z];
    case 'pear':
      return (x, z) => {
        const t = Math.max(0, -z); // taper toward -z (away from the viewer / "up")
        return [x * (1 - 0.62 * Math.pow(t, 1.25)) * 0.82, z < 0 ? z * 1.38 : z];
      };
    case 'cushion':
      return (x, z) => {
        const a = Math.atan2(z, x);
        const k = 1 / Math.pow(Math.pow(Math.abs(Math.cos(a)), 4) + Math.pow(Math.abs(Math.sin(a)), 4), 0.25);
        return [x * k * 0.9, z * k * 0.9];
      };
    case 'princess':
      return (x, z) => {
        const a = Math.atan2(z, x);
        const k = 1 / Math.max(Math.abs(Math.cos(a)), Math.abs(Math.sin(a)));
        return [x * k * 0.8, z * k * 0.8];
      };
    default:
      return (x, z) => [x, z];
  }
}

/** Brilliant-cut facet mesh (unit girdle radius), faces as arrays of [x,y,z]. */
function brilliantMesh(shape) {
  const w = outline(shape);
  const P = (ang, r, y) => {
    const [x, z] = w(Math.cos(ang) * r, Math.sin(ang) * r);
    return [x, y, z];
  };
  const faces = [];
  const T = [],
    S = [],
    G = [],
    L = [];
  for (let k = 0; k < 8; k++) {
    T.push(P(rad(45 * k), 0.56, 0.31));
    S.push(P(rad(45 * k + 22.5), 0.8, 0.15));
  }
  for (let m = 0; m < 16; m++) G.push(P(rad(22.5 * m), 1, 0));
  for (let k = 0; k < 8; k++) L.push(P(rad(45 * k), 0.45, -0.52));
  const C = [0, -0.86, 0];
  faces.push({ pts: T, kind: 'table' });
  for (let k = 0; k < 8; k++) {
    const k1 = (k + 1) % 8;
    const km = (k + 7) % 8;
    faces.push({ pts: [T[k], T[k1], S[k]], kind: 'star' });
    faces.push({ pts: [T[k], S[km], G[2 * k], S[k]], kind: 'kite' });
    faces.push({ pts: [S[k], G[2 * k], G[2 * k + 1]], kind: 'ugf' });
    faces.push({ pts: [S[k], G[2 * k + 1], G[(2 * k + 2) % 16]], kind: 'ugf' });
    // pavilion: lower girdle facets and mains
    faces.push({ pts: [G[2 * k], G[2 * k + 1], L[k]], kind: 'lgf' });
    faces.push({ pts: [G[2 * k + 1], G[(2 * k + 2) % 16], L[k1]], kind: 'lgf' });
    faces.push({ pts: [G[2 * k + 1], L[k1], C, L[k]], kind: 'main' });
  }
  return faces;
}

/** Step-cut (emerald-cut) mesh: octagonal rectangle, concentric steps. */
function stepMesh() {
  const oct = (s, y) => {
    const a = 1 * s,
      b = 0.7 * s,
      c = 0.24 * s;
    return [
      [a - c, y, -b],
      [a, y, -b + c],
      [a, y, b - c],
      [a - c, y, b],
      [-a + c, y, b],
      [-a, y, b - c],
      [-a, y, -b + c],
      [-a + c, y, -b],
    ];
  };
  // longest axis along z so that it reads as an elongated stone in a ring
  const rot = (p) => [p[2] * 1.0, p[1], p[0] * 1.0];
  const levels = [oct(0.62, 0.27), oct(0.78, 0.19), oct(0.9, 0.1), oct(1, 0), oct(0.78, -0.28), oct(0.5, -0.55), oct(0.2, -0.76)].map((l) =>
    l.map(rot),
  );
  const faces = [{ pts: levels[0], kind: 'table' }];
  for (let li = 0; li < levels.length - 1; li++) {
    const A = levels[li],
      B = levels[li + 1];
    for (let i = 0; i < 8; i++) {
      const j = (i + 1) % 8;
      faces.push({ pts: [A[i], A[j], B[j], B[i]], kind: li < 3 ? 'step' : 'pstep' });
    }
  }
  faces.push({ pts: [...levels[levels.length - 1]].reverse(), kind: 'keel' });
  return faces;
}

/** Simplified brilliant for small stones: table, 8 crown and 8 pavilion facets. */
function smallMesh(shape) {
  const w = outline(shape);
  const P = (ang, r, y) => {
    const [x, z] = w(Math.cos(ang) * r, Math.sin(ang) * r);
    return [x, y, z];
  };
  const T = [],
    G = [];
  for (let k = 0; k < 8; k++) {
    T.push(P(rad(45 * k), 0.56, 0.31));
    G.push(P(rad(45 * k), 1, 0));
  }
  const faces = [{ pts: T, kind: 'table' }];
  for (let k = 0; k < 8; k++) {
    const k1 = (k + 1) % 8;
    faces.push({ pts: [T[k], T[k1], G[k1], G[k]], kind: 'kite' });
    faces.push({ pts: [G[k], G[k1], [0, -0.86, 0]], kind: 'main' });
  }
  return faces;
}

const MESH_CACHE = new Map();
function mesh(shape, small = false) {
  const key = shape + (small ? 's' : '');
  if (!MESH_CACHE.has(key)) MESH_CACHE.set(key, shape === 'emerald' ? stepMesh() : small ? smallMesh(shape) : brilliantMesh(shape));
  return MESH_CACHE.get(key);
}

/**
 * Render a faceted stone.
 * o: { x, y, r, shape, gem, elev (deg, 90 = face up), spin (deg about vertical), tilt (deg in image plane),
 *      edges (bool), glints (count) }
 * Returns SVG markup. Faces are grouped by colour to keep the file small.
 */
/** Orthographic camera: unit object space (y up, z toward viewer) to image space. */
function camera({ x, y, r, elev = 25, spin = 0, tilt = 0 }) {
  const E = rad(elev);
  const cs = Math.cos(rad(spin)),
    ss = Math.sin(rad(spin));
  const ct = Math.cos(rad(tilt)),
    st = Math.sin(rad(tilt));
  const rotv = (p) => [p[0] * cs - p[2] * ss, p[1], p[0] * ss + p[2] * cs];
  const proj = (p) => {
    const [X, Y, Z] = rotv(p);
    const sx = X * r;
    const sy = (-Y * Math.cos(E) + Z * Math.sin(E)) * r;
    return [x + sx * ct - sy * st, y + sx * st + sy * ct];
  };
  return { proj, rotv, view: [0, Math.sin(E), Math.cos(E)] };
}

function gemstone(svg, o) {
  const { x, y, r, shape = 'round', gem = 'diamond', elev = 25 } = o;
  const rnd = svg.rnd;
  const pal = GEMS[gem];
  const { proj, rotv, view } = camera(o);
  const L1 = V3.norm([-0.55, 0.85, 0.45]);
  const L2 = V3.norm([0.7, 0.6, 0.3]);
  const groups = new Map();
  const faceUp = elev > 55;
  const faces = mesh(shape, o.lod === 'small' || r < 34);
  for (const face of faces) {
    const P3 = face.pts.map(rotv);
    let n = V3.norm(V3.cross(V3.sub(P3[1], P3[0]), V3.sub(P3[2], P3[0])));
    const c = P3.reduce((a, p) => [a[0] + p[0], a[1] + p[1], a[2] + p[2]], [0, 0, 0]).map((v) => v / P3.length);
    if (V3.dot(n, V3.sub(c, [0, -0.2, 0])) < 0) n = n.map((v) => -v);
    if (V3.dot(n, view) <= 0.02) continue;
    // reflection of the view ray, lit by two soft boxes; jitter gives the mosaic of a real stone
    const dn = V3.dot(n, view);
    const R = V3.sub(
      n.map((v) => v * 2 * dn),
      view,
    );
    let b = 0.02 + 1.1 * Math.pow(Math.max(0, V3.dot(R, L1)), 2.2) + 0.55 * Math.pow(Math.max(0, V3.dot(R, L2)), 3);
    b += (rnd() - 0.5) * 0.8;
    if (faceUp && gem === 'diamond') b = b * 0.85 + 0.14;
    if (face.kind === 'table') b = faceUp ? 0.62 : 0.5 + b * 0.35;
    if (face.kind === 'main' || face.kind === 'lgf' || face.kind === 'pstep' || face.kind === 'keel') b = b * 0.8 + 0.05;
    const idx = Math.round(Math.pow(clamp(b), gem === 'diamond' ? 0.75 : 0.95) * (pal.ramp.length - 1));
    let col = pal.ramp[idx];
    if (gem === 'diamond' && idx >= 3 && rnd() < 0.07) col = rnd.pick(pal.fire);
    const d = r > 14 ? polyInt(face.pts.map(proj)) : poly(face.pts.map(proj));
    if (!groups.has(col)) groups.set(col, []);
    groups.get(col).push(d);
  }
  let out = '';
  const edgeAttr =
    o.edges !== false && r > 9
      ? ` stroke="#fff" stroke-opacity="${gem === 'diamond' ? 0.45 : 0.25}" stroke-width="${f(clamp(r / 90, 0.35, 1.3)) || 0.4}" stroke-linejoin="round"`
      : '';
  out += `<g${edgeAttr}>` + [...groups.entries()].map(([col, ds]) => `<path d="${ds.join('')}" fill="${col}"/>`).join('') + '</g>';
  if (faceUp && shape !== 'emerald') out += tableReflections(svg, faces, proj, pal, rnd);
  const glints = o.glints ?? (r > 40 ? 2 : r > 12 ? 1 : 0);
  const tbl = faces[0].pts.map((p) => proj(p));
  const gs = o.glintScale ?? 1;
  for (let i = 0; i < glints; i++) {
    const p = tbl[(Math.floor(rnd() * 3) + 5 + i * 3) % tbl.length];
    const q = i === 0 ? p : [lerp(x, p[0], rnd.range(1.2, 1.6)), lerp(y, p[1], rnd.range(1.2, 1.6))];
    out += sparkle(svg, q[0], q[1], gs * r * (i === 0 ? rnd.range(0.3, 0.4) : rnd.range(0.18, 0.24)), rnd.range(-12, 12), 0.95);
  }
  return out;
}

/** Pavilion "arrows" seen through the table in a face-up stone. */
function tableReflections(svg, faces, proj, pal, _rnd) {
  const tbl = faces[0].pts;
  const c = proj([0, tbl[0][1], 0]);
  const pts = tbl.map((p) => proj(p));
  const dark = [],
    light = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const inner = [lerp(c[0], m[0], 0.45), lerp(c[1], m[1], 0.45)];
    const P = Math.abs(a[0] - c[0]) > 20 ? polyInt : poly;
    (i % 2 ? dark : light).push(P([c, [lerp(c[0], a[0], 0.92), lerp(c[1], a[1], 0.92)], inner]));
    (i % 2 ? light : dark).push(P([c, inner, [lerp(c[0], b[0], 0.92), lerp(c[1], b[1], 0.92)]]));
  }
  const n = pal.ramp.length;
  return (
    `<path d="${dark.join('')}" fill="${pal.ramp[1]}" opacity=".55"/>` +
    `<path d="${light.join('')}" fill="${pal.ramp[n - 2]}" opacity=".5"/>`
  );
}

/** Small melee stone for pavé, halos and lines: a face-up brilliant defined once per file. */
function melee(svg, gem) {
  const id = 'mel' + gem[0];
  if (svg.defs.has(id)) return id;
  const p = GEMS[gem];
  const body = gemstone(svg, { x: 0, y: 0, r: 20, shape: 'round', gem, elev: 90, spin: 11, edges: false, glints: 0 });
  svg.def(
    id,
    `<g id="${id}"><circle r="20.8" fill="${p.ramp[1]}"/>${body}` +
      `<path d="M-8-16Q-7-7-16-8Q-7-5-8 4Q-5-7 2-8Q-5-9-8-16Z" fill="#fff" opacity=".9"/></g>`,
  );
  return id;
}
function useMelee(svg, gem, x, y, s) {
  return `<use href="#${melee(svg, gem)}" transform="translate(${f(x)} ${f(y)}) scale(${+(s / 20).toFixed(3)})"/>`;
}

/** A lustrous pearl. */
function pearl(svg, x, y, r) {
  svg.def('prl', () =>
    radialBox(
      'prl',
      [0.45, 0.42, 0.62, 0.36, 0.3],
      [
        [0, '#ffffff'],
        [0.25, '#fbf7f1'],
        [0.6, '#ece3d6'],
        [0.85, '#c9bba7'],
        [1, '#a8977f'],
      ],
    ),
  );
  svg.def('prlo', () =>
    radialBox(
      'prlo',
      [0.5, 0.5, 0.5],
      [
        [0.7, '#ffd9e6', 0],
        [0.92, '#f7cfe0', 0.45],
        [1, '#d9f0ea', 0.2],
      ],
    ),
  );
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#prl)"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#prlo)"/>` +
    `<ellipse cx="${f(x - r * 0.32)}" cy="${f(y - r * 0.36)}" rx="${f(r * 0.22)}" ry="${f(r * 0.14)}" fill="#fff" opacity=".85" transform="rotate(-35 ${f(x - r * 0.32)} ${f(y - r * 0.36)})"/>` +
    `<ellipse cx="${f(x + r * 0.3)}" cy="${f(y + r * 0.42)}" rx="${f(r * 0.3)}" ry="${f(r * 0.09)}" fill="#fff" opacity=".35" transform="rotate(-30 ${f(x + r * 0.3)} ${f(y + r * 0.42)})"/>`
  );
}

// ---------------------------------------------------------------------------
// Backdrops and props
// ---------------------------------------------------------------------------

/** Soft studio sweep. Returns the palette used so props can match it. */
function backdrop(svg, dept, o = {}) {
  const { w, h, rnd } = svg;
  const pal = o.pal ?? BACKDROPS[dept][Math.floor(rnd() * BACKDROPS[dept].length)];
  const cx = w * (o.cx ?? 0.5),
    cy = h * (o.cy ?? 0.4);
  svg.def('bg', () =>
    radial(
      'bg',
      [cx, cy, Math.max(w, h) * 0.78],
      [
        [0, pal.hi],
        [0.45, pal.mid],
        [1, pal.lo],
      ],
      true,
    ),
  );
  const fy = h * (o.floor ?? 0.62);
  svg.def('flr', () =>
    linear(
      'flr',
      [0, fy - h * 0.12, 0, h],
      [
        [0, pal.floor, 0],
        [0.35, pal.floor, 0.55],
        [1, pal.lo, 0.75],
      ],
      true,
    ),
  );
  svg.def('vig', () =>
    radial(
      'vig',
      [w / 2, h * 0.45, Math.max(w, h) * 0.75],
      [
        [0.55, pal.shadow, 0],
        [1, pal.shadow, 0.22],
      ],
      true,
    ),
  );
  svg.add(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);
  svg.add(`<rect y="${f(fy - h * 0.12)}" width="${w}" height="${f(h - fy + h * 0.12)}" fill="url(#flr)"/>`);
  // a diffuse window light falling across the set
  svg.def('win', () =>
    radialBox(
      'win',
      [0.5, 0.5, 0.5],
      [
        [0, '#ffffff', 0.55],
        [0.6, '#ffffff', 0.2],
        [1, '#ffffff', 0],
      ],
    ),
  );
  svg.add(`<ellipse cx="${f(w * 0.32)}" cy="${f(h * 0.28)}" rx="${f(w * 0.5)}" ry="${f(h * 0.36)}" fill="url(#win)"/>`);
  svg.vignette = `<rect width="${w}" height="${h}" fill="url(#vig)"/>`;
  return pal;
}

// ---------------------------------------------------------------------------
// Cylindrical rings: wedding bands, ring shanks, bangles, hoops
// ---------------------------------------------------------------------------

/**
 * A thick ring seen in perspective: near rim E1 (cx, cy, rx, ry), far rim E1 + v.
 * The union is the silhouette, the lens E1i ∩ E2i stays see-through.
 */
function cylRing(svg, o) {
  const { cx, cy, rx, ry, v, th, metal: m, finish = 'polished' } = o;
  const [vx, vy] = v;
  const tx = th * (rx / ry);
  const irx = rx - tx,
    iry = ry - th;
  // tangent points of the union silhouette
  const t0 = Math.atan2(-ry * vx, rx * vy);
  const P = (t, ox = 0, oy = 0) => [cx + ox + rx * Math.cos(t), cy + oy + ry * Math.sin(t)];
  const tm = t0 + Math.PI / 2;
  const mid = P(tm);
  const sweep = (mid[0] - cx) * vx + (mid[1] - cy) * vy < 0 ? 1 : 0;
  const a = P(t0),
    b = P(t0 + Math.PI),
    c = P(t0 + Math.PI, vx, vy),
    d = P(t0, vx, vy);
  const sil =
    `M${f(a[0])} ${f(a[1])}A${f(rx)} ${f(ry)} 0 0 ${sweep} ${f(b[0])} ${f(b[1])}` +
    `L${f(c[0])} ${f(c[1])}A${f(rx)} ${f(ry)} 0 0 ${sweep} ${f(d[0])} ${f(d[1])}Z`;
  const inner1 = ellipsePath(cx, cy, irx, iry);
  const inner2 = ellipsePath(cx + vx, cy + vy, irx, iry);
  const clip = svg.uid('c');
  svg.def(clip, `<clipPath id="${clip}"><path d="${inner1}"/></clipPath>`);
  const wallFill = finish === 'brushed' ? metalSatin(svg, m, o.wallDir ?? 'h') : metal(svg, m, o.wallDir ?? 'h');
  const rimFill = finish === 'brushed' ? metalSatin(svg, m, 'd') : metal(svg, m, o.rimDir ?? 'd');
  const [k0, k1, k2, k3] = METALS[m].ramp;
  const inId = 'in' + m;
  svg.def(inId, () =>
    linearBox(
      inId,
      [0, 0, 1, 1],
      [
        [0, k0],
        [0.35, k2],
        [0.55, k3],
        [0.75, k1],
        [1, k0],
      ],
    ),
  );
  let out = '';
  out += `<path d="${sil}${inner1}" fill="${wallFill}" fill-rule="evenodd"/>`;
  out += `<path d="${inner1}${inner2}" fill="url(#${inId})" fill-rule="evenodd" clip-path="url(#${clip})"/>`;
  // near rim: rounded, so a bright hairline and a soft shadow edge
  out += `<path d="${ellipsePath(cx, cy, rx, ry)}${inner1}" fill="${rimFill}" fill-rule="evenodd" opacity="${o.rimOpacity ?? 0.9}"/>`;
  out += `<path d="${ellipsePath(cx, cy, rx - tx * 0.5, ry - th * 0.5)}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="${f(Math.max(0.6, th * 0.1))}"/>`;
  // specular streaks: one along the near rim, one along the outer wall
  const arc = (t1, t2, ox, oy, kx, ky) => {
    const pts = [];
    for (let i = 0; i <= 16; i++) {
      const t = lerp(t1, t2, i / 16);
      pts.push([cx + ox + rx * kx * Math.cos(t), cy + oy + ry * ky * Math.sin(t)]);
    }
    return 'M' + pts.map((q) => f(q[0]) + ' ' + f(q[1])).join('L');
  };
  if (o.streaks !== false) {
    const sw = Math.max(1, Math.min(th, Math.hypot(vx, vy)) * 0.32);
    out += `<path d="${arc(tm - 2.4, tm - 1.75, 0, 0, 1 - (tx * 0.45) / rx, 1 - (th * 0.45) / ry)}" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="${f(sw)}" stroke-linecap="round"/>`;
    out += `<path d="${arc(tm - 0.55, tm + 0.15, vx * 0.55, vy * 0.55, 1, 1)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="${f(sw * 0.8)}" stroke-linecap="round"/>`;
  }
  return { out, sil, P, irx, iry, tx, tm };
}

/** Prong (claw) from the girdle down into the basket, in a gem's camera. */
function claws(svg, cam, r, m, angles, outl = (x, z) => [x, z]) {
  const back = [],
    front = [];
  for (const a of angles) {
    const [x0, z0] = outl(Math.cos(a) * 1.04, Math.sin(a) * 1.04);
    const [x1, z1] = outl(Math.cos(a) * 0.52, Math.sin(a) * 0.52);
    const top = cam.proj([x0, 0.12, z0]);
    const bot = cam.proj([x1, -1.05, z1]);
    const dx = bot[0] - top[0],
      dy = bot[1] - top[1];
    const l = Math.hypot(dx, dy) || 1;
    const nx = -dy / l,
      ny = dx / l;
    const w0 = r * 0.075,
      w1 = r * 0.05;
    const d = poly([
      [top[0] + nx * w0, top[1] + ny * w0],
      [bot[0] + nx * w1, bot[1] + ny * w1],
      [bot[0] - nx * w1, bot[1] - ny * w1],
      [top[0] - nx * w0, top[1] - ny * w0],
    ]);
    const z = cam.rotv([x0, 0, z0])[2];
    const s = `<path d="${d}" fill="${metal(svg, m, 'h')}"/><circle cx="${f(top[0])}" cy="${f(top[1])}" r="${f(r * 0.085)}" fill="${metal(svg, m, 'r')}"/>`;
    (z > 0 ? front : back).push(s);
  }
  return { back: back.join(''), front: front.join('') };
}

/** Elliptical rail (gallery / bezel edge) in a gem's camera at height y and radius k. */
function rail(svg, cam, k, y, m, width, outl = (x, z) => [x, z], half = 'all') {
  const pts = [];
  for (let i = 0; i <= 24; i++) {
    const a = (i / 24) * TAU;
    const [x, z] = outl(Math.cos(a) * k, Math.sin(a) * k);
    const zz = cam.rotv([x, y, z])[2];
    if (half === 'front' && zz < -0.01) continue;
    if (half === 'back' && zz > 0.01) continue;
    pts.push(cam.proj([x, y, z]));
  }
  if (pts.length < 2) return '';
  const d = 'M' + pts.map((p) => f(p[0]) + ' ' + f(p[1])).join('L');
  return `<path d="${d}" fill="none" stroke="${metal(svg, m, 'h')}" stroke-width="${f(width)}" stroke-linecap="round"/>`;
}

/** Collar under a stone (bezel or halo base) as a short metal cylinder in the gem camera. */
function collar(svg, cam, k, y0, y1, m, outl = (x, z) => [x, z]) {
  const top = [],
    bot = [];
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * TAU;
    const [x, z] = outl(Math.cos(a) * k, Math.sin(a) * k);
    top.push(cam.proj([x, y0, z]));
    bot.push(cam.proj([x, y1, z]));
  }
  return `<path d="${poly(hull([...top, ...bot]))}" fill="${metal(svg, m, 'h')}"/><path d="${poly(top)}" fill="${metal(svg, m, 'd')}"/>`;
}

/** Convex hull (monotone chain). */
function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [],
    upper = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * A set stone with its setting, in a common camera.
 * s: { x, y, r, shape, gem, elev, spin, metal, setting: 'prong4'|'prong6'|'bezel'|'halo'|'pearl', sideStones }
 */
function setStone(svg, s) {
  const cam = camera(s);
  const outl = outline(s.shape === 'emerald' ? 'emeraldOutline' : s.shape);
  const o8 = s.shape === 'emerald' ? (x, z) => [x * 0.7, z] : outl;
  const m = s.metal;
  let out = '';
  if (s.setting === 'pearl') {
    out += collar(svg, cam, 0.3, -0.55, -0.85, m);
    out += pearl(svg, s.x, s.y - s.r * 0.05, s.r);
    return out;
  }
  if (s.setting === 'halo') {
    const hk = 1.22;
    out += collar(svg, cam, hk * 1.06, -0.08, -0.42, m, o8);
    const n = Math.round(16 + s.r / 6);
    const halo = [];
    for (let i = 0; i < n; i++) {
      const a = (i / n) * TAU;
      const [x, z] = o8(Math.cos(a) * hk, Math.sin(a) * hk);
      const p = cam.proj([x, -0.06, z]);
      halo.push([cam.rotv([x, 0, z])[2], p]);
    }
    halo.sort((a, b) => a[0] - b[0]);
    const melGem = s.haloGem ?? 'diamond';
    out += halo.map(([, p]) => useMelee(svg, melGem, p[0], p[1], s.r * 0.15)).join('');
  }
  if (s.setting === 'bezel') {
    out += collar(svg, cam, 1.08, 0.06, -0.5, m, o8);
    out += gemstone(svg, { ...s, glints: s.glints });
    out += rail(svg, cam, 1.06, 0.07, m, s.r * 0.12, o8, 'front');
    return out;
  }
  const angles =
    s.setting === 'prong6'
      ? [0, 1, 2, 3, 4, 5].map((i) => rad(30 + i * 60))
      : s.shape === 'princess' || s.shape === 'cushion' || s.shape === 'emerald'
        ? [0, 1, 2, 3].map((i) => rad(45 + i * 90))
        : [0, 1, 2, 3].map((i) => rad(45 + i * 90));
  const cl = claws(svg, cam, s.r, m, angles, o8);
  out += cl.back;
  const rails = s.setting !== 'halo' && s.r >= 30;
  if (rails) out += rail(svg, cam, 0.62, -0.62, m, s.r * 0.09, o8, 'back');
  out += gemstone(svg, s);
  if (rails) out += rail(svg, cam, 0.62, -0.62, m, s.r * 0.09, o8, 'front');
  out += cl.front;
  return out;
}

// ---------------------------------------------------------------------------
// Rings
// ---------------------------------------------------------------------------

/**
 * Ring standing upright, turned three-quarters, head on top.
 * o: { cx, cy, R, metal, bw, th, head: {shape, gem, r, setting, haloGem, side}, cathedral }
 */
function ringUpright(svg, o) {
  const { cx, cy, R, metal: m } = o;
  const k = o.k ?? 0.86;
  const bw = o.bw ?? R * 0.16;
  const th = o.th ?? R * 0.07;
  const v = [bw * 0.72, -bw * 0.3];
  let out = shadow(svg, cx + v[0] / 2, cy + R * 1.01, R * k * 1.05, R * 0.1, o.shadow ?? '#000000', 0.9);
  const band = cylRing(svg, { cx, cy, rx: R * k, ry: R, v, th, metal: m, finish: o.finish });
  out += band.out;
  if (o.bandStones) out += o.bandStones(band, v);
  const hd = o.head;
  if (!hd) return out;
  const hx = cx + v[0] / 2;
  const topY = cy - R + v[1] / 2;
  const r = hd.r;
  const lift = hd.setting === 'pearl' ? r * 0.8 : hd.setting === 'halo' ? r * 0.98 : hd.setting === 'bezel' ? r * 0.55 : r * 0.88;
  const gy = topY - lift;
  // cathedral shoulders rising from the band into the basket
  if (hd.setting !== 'pearl') {
    const sh = [];
    for (const side of [-1, 1]) {
      const a = -Math.PI / 2 + side * 0.5;
      const p0 = [cx + v[0] * 0.5 + R * k * Math.cos(a) * 0.985, cy + v[1] * 0.5 + R * Math.sin(a) * 0.985];
      const p1 = [hx + side * r * 0.3, gy + r * 0.72];
      const c1 = [lerp(p0[0], p1[0], 0.2), lerp(p0[1], p1[1], 0.85)];
      sh.push(`M${f(p0[0])} ${f(p0[1])}Q${f(c1[0])} ${f(c1[1])} ${f(p1[0])} ${f(p1[1])}`);
    }
    out += `<path d="${sh.join('')}" fill="none" stroke="${METALS[m].ramp[1]}" stroke-width="${f(bw * 0.3)}" stroke-linecap="round"/>`;
    out += `<path d="${sh.join('')}" fill="none" stroke="${metal(svg, m, 'd')}" stroke-width="${f(bw * 0.2)}" stroke-linecap="round"/>`;
  }
  if (hd.side) {
    for (const side of [-1, 1]) {
      out += setStone(svg, {
        x: hx + side * r * 1.32,
        y: gy + r * 0.32,
        r: r * 0.62,
        shape: 'round',
        gem: hd.side,
        elev: 20,
        spin: 20,
        metal: m,
        setting: 'prong4',
        tilt: side * 14,
        glints: 1,
        lod: 'small',
      });
    }
  }
  out += setStone(svg, {
    x: hx,
    y: gy,
    r,
    shape: hd.shape,
    gem: hd.gem,
    elev: hd.elev ?? 27,
    spin: hd.spin ?? 22,
    metal: m,
    setting: hd.setting,
    haloGem: hd.haloGem,
  });
  return out;
}

/** Unit outline points of a cut (x across, z along), used for face-up settings. */
function outlinePts(shape, k = 1, n = 32) {
  if (shape === 'emerald') {
    const a = 0.7 * k,
      b = 1 * k,
      c = 0.24 * k;
    const oct = [
      [a - c, -b],
      [a, -b + c],
      [a, b - c],
      [a - c, b],
      [-a + c, b],
      [-a, b - c],
      [-a, -b + c],
      [-a + c, -b],
    ];
    return n === 32 ? oct : resample(oct, n);
  }
  const w = outline(shape);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * TAU;
    pts.push(w(Math.cos(a) * k, Math.sin(a) * k));
  }
  return pts;
}

/** n points evenly spaced along a closed polygon. */
function resample(pts, n) {
  const seg = pts.map((p, i) => {
    const q = pts[(i + 1) % pts.length];
    return Math.hypot(q[0] - p[0], q[1] - p[1]);
  });
  const total = seg.reduce((a, b) => a + b, 0);
  const out = [];
  for (let j = 0; j < n; j++) {
    let d = (j / n) * total,
      i = 0;
    while (d > seg[i]) d -= seg[i++];
    const p = pts[i],
      q = pts[(i + 1) % pts.length];
    out.push([lerp(p[0], q[0], d / seg[i]), lerp(p[1], q[1], d / seg[i])]);
  }
  return out;
}

/** A band lying on the table, seen from the front and above (also bangles). */
function bandFlat(svg, o) {
  const { cx, cy, R, metal: m } = o;
  const elev = o.elev ?? 26;
  const ry = R * Math.sin(rad(elev));
  const h = o.h ?? R * 0.22;
  const th = o.th ?? ry * 0.16;
  let out = o.noShadow ? '' : shadow(svg, cx, cy + h + ry * 0.35, R * 1.08, ry * 0.75, o.shadow ?? '#000000', 0.8);
  const band = cylRing(svg, { cx, cy, rx: R, ry, v: [0, h], th, metal: m, finish: o.finish, wallDir: 'v', rimOpacity: 1 });
  out += band.out;
  const wallY = (t) => cy + ry * Math.sin(t) + h / 2;
  const wallX = (t) => cx + R * Math.cos(t);
  const front = (n, pad = 0.12) => {
    const res = [];
    for (let i = 0; i < n; i++) {
      const t = lerp(pad, Math.PI - pad, n === 1 ? 0.5 : i / (n - 1));
      res.push(t);
    }
    return res;
  };
  const st = o.stones;
  if (o.polishedEdges || st === 'ridge') {
    const line = (off, w, op) => {
      const pts = [];
      for (let i = 0; i <= 40; i++) {
        const t = lerp(0.03, Math.PI - 0.03, i / 40);
        pts.push([wallX(t), wallY(t) + off]);
      }
      return `<path d="M${pts.map((p) => f(p[0]) + ' ' + f(p[1])).join('L')}" fill="none" stroke="#fff" stroke-opacity="${op}" stroke-width="${f(w)}"/>`;
    };
    if (st === 'ridge') out += line(0, h * 0.1, 0.55) + line(h * 0.07, h * 0.06, 0.2);
    else out += line(-h * 0.36, h * 0.07, 0.6) + line(h * 0.36, h * 0.07, 0.45);
  }
  if (st === 'eternity' || st === 'pave' || st === 'tennis') {
    const n = o.count ?? 11;
    const size = o.stoneSize ?? h * 0.38;
    for (const t of front(n, 0.14)) {
      const sx = Math.max(0.2, Math.sin(t));
      const x = wallX(t),
        y = wallY(t);
      if (st === 'eternity')
        out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size * 1.18 * sx)}" ry="${f(size * 1.18)}" fill="${metal(svg, m, 'r')}"/>`;
      out += `<g transform="translate(${f(x)} ${f(y)}) scale(${sx.toFixed(2)} 1)">${useMelee(svg, o.gem ?? 'diamond', 0, 0, size)}</g>`;
    }
  }
  if (st === 'channel') {
    const pts = [],
      pts2 = [];
    for (let i = 0; i <= 40; i++) {
      const t = lerp(0.05, Math.PI - 0.05, i / 40);
      pts.push([wallX(t), wallY(t) - h * 0.3]);
      pts2.push([wallX(t), wallY(t) + h * 0.3]);
    }
    out += `<path d="${poly([...pts, ...pts2.reverse()])}" fill="${METALS[m].ramp[0]}"/>`;
    const n = o.count ?? 9;
    svg.def('pri', () =>
      linearBox(
        'pri',
        [0, 0, 1, 1],
        [
          [0, '#ffffff'],
          [0.3, '#aebdcb'],
          [0.5, '#f4f8fb'],
          [0.7, '#6f7f90'],
          [1, '#e9f0f6'],
        ],
      ),
    );
    for (const t of front(n, 0.3)) {
      const sx = Math.max(0.2, Math.sin(t));
      const s = h * 0.29;
      out += `<g transform="translate(${f(wallX(t))} ${f(wallY(t))}) scale(${sx.toFixed(2)} 1)"><rect x="${f(-s)}" y="${f(-s)}" width="${f(2 * s)}" height="${f(2 * s)}" fill="url(#pri)"/><path d="M${f(-s)} ${f(-s)}L${f(s)} ${f(s)}M${f(s)} ${f(-s)}L${f(-s)} ${f(s)}" stroke="#fff" stroke-opacity=".6" stroke-width=".8"/></g>`;
    }
  }
  if (st === 'accent') {
    for (const t of [Math.PI / 2 - 0.42, Math.PI / 2, Math.PI / 2 + 0.42]) {
      const sx = Math.sin(t);
      out += `<g transform="translate(${f(wallX(t))} ${f(wallY(t))}) scale(${sx.toFixed(2)} 1)"><circle r="${f(h * 0.3)}" fill="${METALS[m].ramp[0]}"/>${useMelee(svg, o.gem ?? 'sapphire', 0, 0, h * 0.25)}</g>`;
    }
  }
  return out;
}

/** Face-up head of a ring (macro view): band shoulders, setting and stone. */
function headFaceUp(svg, o) {
  const { x, y, r, metal: m } = o;
  const rnd = svg.rnd;
  let out = '';
  const bw = o.bw ?? r * 0.42;
  // shoulders run out of frame left and right, slightly curved toward the viewer
  const L = o.reach ?? 420;
  for (const side of L > 0 ? [-1, 1] : []) {
    const x0 = x + side * L,
      x1 = x + side * r * 0.5;
    const d = `M${f(x0)} ${f(y - bw * 0.5)}L${f(lerp(x1, x0, 0.3))} ${f(y - bw * 0.5)}Q${f(x1)} ${f(y - bw * 0.5)} ${f(x1)} ${f(y - bw * 0.34)}L${f(x1)} ${f(y + bw * 0.34)}Q${f(x1)} ${f(y + bw * 0.5)} ${f(lerp(x1, x0, 0.3))} ${f(y + bw * 0.5)}L${f(x0)} ${f(y + bw * 0.5)}Z`;
    out += shadow(svg, x + side * (L * 0.55), y + bw * 0.85, L * 0.55, bw * 0.4, '#000000', 0.45);
    out += `<path d="${d}" fill="${metal(svg, m, 'v')}"/>`;
    svg.def('fadeL', () =>
      linearBox(
        'fadeL',
        [0, 0, 1, 0],
        [
          [0, '#000', 0.45],
          [0.7, '#000', 0],
        ],
      ),
    );
    svg.def('fadeR', () =>
      linearBox(
        'fadeR',
        [0, 0, 1, 0],
        [
          [0.3, '#000', 0],
          [1, '#000', 0.45],
        ],
      ),
    );
    out += `<path d="${d}" fill="url(#fade${side < 0 ? 'L' : 'R'})"/>`;
    if (o.pave) {
      for (let i = 1; i < 7; i++) {
        const px = lerp(x1, x0, i / 8.5);
        out += useMelee(svg, o.paveGem ?? 'diamond', px, y, bw * 0.2);
      }
    }
  }
  const sc = (pts, k) => pts.map(([px, pz]) => [x + px * r * k, y + pz * r * k]);
  if (o.side) {
    for (const side of [-1, 1]) {
      const sx = x + side * r * 1.62,
        sr = r * 0.6;
      out += `<circle cx="${f(sx)}" cy="${f(y)}" r="${f(sr * 1.08)}" fill="${metal(svg, m, 'd')}"/>`;
      out += gemstone(svg, { x: sx, y, r: sr, shape: 'round', gem: o.side, elev: 90, spin: 11, glints: 1, lod: 'small' });
      for (const a of [45, 135, 225, 315])
        out += bead(svg, sx + Math.cos(rad(a)) * sr * 0.98, y + Math.sin(rad(a)) * sr * 0.98, sr * 0.13, m);
    }
  }
  if (o.setting === 'halo') {
    out += `<path d="${poly(sc(outlinePts(o.shape, 1), 1.42))}" fill="${metal(svg, m, 'd')}"/>`;
    const ring = outlinePts(o.shape, 1, Math.min(24, 16 + Math.round(r / 12)));
    for (const [px, pz] of ring) out += useMelee(svg, o.haloGem ?? 'diamond', x + px * r * 1.22, y + pz * r * 1.22, r * 0.12);
  }
  if (o.setting === 'pearl') {
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.6)}" fill="${metal(svg, m, 'r')}"/>`;
    out += pearl(svg, x, y, r);
    return out;
  }
  if (o.setting === 'bezel') out += `<path d="${poly(sc(outlinePts(o.shape, 1), 1.13))}" fill="${metal(svg, m, 'd')}"/>`;
  else out += `<path d="${poly(sc(outlinePts(o.shape, 1), 1.01))}" fill="${METALS[m].ramp[1]}"/>`;
  out += gemstone(svg, { x, y, r, shape: o.shape, gem: o.gem, elev: 90, spin: o.spin ?? 0, glintScale: 1.1, lod: o.lod, glints: o.glints });
  if (o.setting === 'bezel') {
    out += `<path d="${poly(sc(outlinePts(o.shape, 1), 1.13))}${poly(sc(outlinePts(o.shape, 1), 0.985))}" fill="${metal(svg, m, 'a')}" fill-rule="evenodd"/>`;
  } else if (o.setting !== 'none') {
    const n = o.setting === 'prong6' ? 6 : 4;
    const base = n === 6 ? 30 : 45;
    const out8 = o.shape === 'emerald' ? (px, pz) => [px * 0.66, pz * 0.93] : outline(o.shape);
    for (let i = 0; i < n; i++) {
      const a = rad(base + (i * 360) / n);
      const [px, pz] = out8(Math.cos(a) * 0.99, Math.sin(a) * 0.99);
      out += bead(svg, x + px * r, y + pz * r, r * (n === 6 ? 0.085 : 0.1), m);
    }
  }
  void rnd;
  return out;
}

/** A polished metal bead (prong tip, granule). */
function bead(svg, x, y, r, m) {
  const sh = r > 7 ? `<circle cx="${f(x + r * 0.25)}" cy="${f(y + r * 0.35)}" r="${f(r)}" fill="#000" opacity=".18"/>` : '';
  return `${sh}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${metal(svg, m, 'r')}"/>`;
}

/** Signet ring upright: band plus an extruded face on top. */
function signetUpright(svg, o) {
  const { cx, cy, R, metal: m, face } = o;
  let out = ringUpright(svg, { cx, cy, R, metal: m, bw: R * 0.3, th: R * 0.12, k: 0.82, finish: o.finish });
  const v = [R * 0.3 * 0.62, -R * 0.3 * 0.25];
  const hx = cx + v[0] / 2,
    topY = cy - R + v[1] / 2;
  const cam = camera({ x: hx, y: topY - R * 0.1, r: R * 0.42, elev: 32, spin: 8 });
  const outl = signetOutline(face);
  // flare from the band into the face
  out += `<path d="M${f(hx - R * 0.5)} ${f(topY + R * 0.28)}Q${f(hx - R * 0.38)} ${f(topY - R * 0.02)} ${f(hx - R * 0.3)} ${f(topY - R * 0.12)}L${f(hx + R * 0.3)} ${f(topY - R * 0.12)}Q${f(hx + R * 0.4)} ${f(topY - R * 0.02)} ${f(hx + R * 0.56)} ${f(topY + R * 0.28)}Z" fill="${metal(svg, m, 'h')}"/>`;
  out += collar(svg, cam, 1, 0.12, -0.3, m, outl);
  out += signetFace(svg, o, (p) => cam.proj([p[0], 0.12, p[1]]), outl, R * 0.42);
  return out;
}

function signetOutline(face) {
  if (face === 'square')
    return (x, z) => {
      const a = Math.atan2(z, x);
      const k = 1 / Math.pow(Math.pow(Math.abs(Math.cos(a)), 8) + Math.pow(Math.abs(Math.sin(a)), 8), 0.125);
      return [x * k * 0.9, z * k * 0.9];
    };
  if (face === 'cushion') return outline('cushion');
  return (x, z) => [x, z * 0.78];
}

/** Decorate a signet face given a projector from unit face coords (x, z). */
function signetFace(svg, o, P, outl, scale) {
  const m = o.metal;
  let out = '';
  const edge = [];
  for (let i = 0; i < 48; i++) {
    const a = (i / 48) * TAU;
    edge.push(P(outl(Math.cos(a) * 0.86, Math.sin(a) * 0.86)));
  }
  if (o.pave) {
    out += `<path d="${poly(edge)}" fill="${METALS[m].ramp[0]}"/>`;
    const n = 6;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const u = lerp(-0.7, 0.7, i / (n - 1)),
          w = lerp(-0.7, 0.7, j / (n - 1));
        const [x, z] = outl(u, w);
        const [px, pz] = outl(Math.cos(Math.atan2(w, u)) * 0.86, Math.sin(Math.atan2(w, u)) * 0.86);
        if (Math.hypot(x, z) > Math.hypot(px, pz) * 0.93) continue;
        const p = P([x, z]);
        const p2 = P([x + 0.1, z]);
        out += useMelee(svg, o.pave, p[0], p[1], Math.abs(p2[0] - p[0]) * 0.95);
      }
  } else {
    const id = 'sf' + m + (o.finish === 'brushed' ? 'b' : '');
    const [, k1, k2, k3, k4] = METALS[m].ramp;
    svg.def(id, () =>
      o.finish === 'brushed'
        ? linearBox(
            id,
            [0, 0, 1, 0.4],
            [
              [0, k2],
              [0.4, k3],
              [0.6, k2],
              [1, k1],
            ],
          )
        : linearBox(
            id,
            [0, 0, 1, 1],
            [
              [0, k3],
              [0.3, k4],
              [0.45, k2],
              [0.7, k1],
              [1, k3],
            ],
          ),
    );
    out += `<path d="${poly(edge)}" fill="url(#${id})"/>`;
    if (o.finish === 'brushed') {
      const lines = [];
      for (let i = -8; i <= 8; i++) {
        const a = P(outl(-0.8, i / 10)),
          b = P(outl(0.8, i / 10));
        lines.push(`M${f(a[0])} ${f(a[1])}L${f(b[0])} ${f(b[1])}`);
      }
      out += `<path d="${lines.join('')}" stroke="#fff" stroke-opacity=".12" stroke-width="${f(scale * 0.01 + 0.3)}"/>`;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Catalogue classification: how each product looks follows its name and specs
// ---------------------------------------------------------------------------

function describe(p) {
  const text = (p.name + ' ' + p.features.join(' ')).toLowerCase();
  const all = (text + ' ' + p.description).toLowerCase();
  const [dept, kind] = p.category.split('-');
  const metalOf = () => {
    if (/black rhodium/.test(text)) return 'black';
    if (/rose gold/.test(text)) return 'rose';
    if (/white gold/.test(text)) return 'white';
    if (/yellow gold/.test(text)) return 'yellow';
    if (/platinum/.test(text)) return 'platinum';
    if (/sterling/.test(text)) return 'silver';
    throw new Error(`no metal for ${p.slug}`);
  };
  const gemOf = () => {
    if (/black diamond/.test(text)) return 'black';
    if (/sapphire/.test(text)) return 'sapphire';
    if (/emerald(?!-cut)/.test(text)) return 'emerald';
    if (/rub(y|ies)/.test(text)) return 'ruby';
    if (/pearl/.test(text)) return 'pearl';
    if (/diamond/.test(text)) return 'diamond';
    return null;
  };
  const shapeOf = () => {
    if (/\boval\b/.test(text) && !/signet/.test(text)) return 'oval';
    if (/\bpear\b|teardrop/.test(text)) return 'pear';
    if (/princess/.test(text)) return 'princess';
    if (/emerald-cut|emerald cut/.test(all) || (/emerald/.test(text) && kind !== 'earrings')) return 'emerald';
    return 'round';
  };
  const n = p.name.toLowerCase();
  const types = {
    rings: [
      [/signet/, 'signet'],
      [/eternity/, 'eternity'],
      [/pav[ée] wedding band/, 'pave'],
      [/channel/, 'channel'],
      [/accent band/, 'accent'],
      [/three-stone/, 'threestone'],
      [/halo|cocktail/, 'halo'],
      [/pearl/, 'pearl'],
      [/band/, 'band'],
      [/solitaire|stacking|engagement/, 'solitaire'],
    ],
    necklaces: [
      [/rivi[èe]re/, 'riviere'],
      [/strand/, 'strand'],
      [/cuban/, 'cuban'],
      [/box chain/, 'box'],
      [/rope/, 'rope'],
      [/figaro/, 'figaro'],
      [/paperclip/, 'paperclip'],
      [/bar pendant/, 'bar'],
      [/medallion/, 'medallion'],
      [/dog tag/, 'dogtag'],
      [/teardrop/, 'halo-pendant'],
      [/bezel/, 'bezel-pendant'],
      [/pearl/, 'pearl-pendant'],
      [/pendant|necklace/, 'solitaire-pendant'],
    ],
    earrings: [
      [/drop/, 'drop'],
      [/huggie/, 'huggie'],
      [/hoop/, 'hoop'],
      [/halo/, 'halo-stud'],
      [/pearl/, 'pearl-stud'],
      [/stud/, 'stud'],
    ],
    bracelets: [
      [/tennis/, 'tennis'],
      [/cuban/, 'cuban'],
      [/cuff/, 'cuff'],
      [/bangle/, 'bangle'],
      [/station|chain bracelet/, 'station'],
      [/link/, 'link'],
      [/black diamond bracelet/, 'tennis'],
    ],
  }[kind];
  const hit = types.find(([re]) => re.test(n));
  if (!hit) throw new Error(`no type for ${p.slug}`);
  const gem = gemOf();
  return {
    dept,
    kind,
    type: hit[1],
    metal: metalOf(),
    gem,
    shape: shapeOf(),
    brushed: /brushed|satin/.test(text),
    hammered: /hammered/.test(text),
    prongs: /six-claw/.test(all) ? 6 : 4,
    bezel: /bezel/.test(text),
    small: /petite|0\.0\d ct|0\.1\d? ct/.test(text),
  };
}

// ---------------------------------------------------------------------------
// Props
// ---------------------------------------------------------------------------

const BOXES = {
  women: [
    { outer: '#5a1e2c', velvet: '#7d2c40', lining: '#f4e8de' },
    { outer: '#1d2742', velvet: '#2d3b61', lining: '#efe8df' },
    { outer: '#e6dacb', velvet: '#b78e86', lining: '#fbf6f0' },
  ],
  men: [
    { outer: '#16181b', velvet: '#2a2e34', lining: '#3b4047' },
    { outer: '#2b2521', velvet: '#3c3531', lining: '#4d4540' },
  ],
};

/** Open presentation box; content(x, y) draws the piece seated in the cushion slit. */
function ringBox(svg, o) {
  const { cx, cy, w, dept } = o;
  const c = o.colors ?? svg.rnd.pick(BOXES[dept]);
  const depth = w * 0.34,
    hb = w * 0.36,
    lidH = w * 0.62,
    inset = w * 0.07;
  const backY = cy - depth;
  const id = (s) => 'bx' + s;
  svg.def(id('o'), () =>
    linearBox(
      id('o'),
      [0, 0, 0, 1],
      [
        [0, mix(c.outer, '#ffffff', 0.18)],
        [0.12, c.outer],
        [1, mix(c.outer, '#000000', 0.45)],
      ],
    ),
  );
  svg.def(id('s'), () =>
    linearBox(
      id('s'),
      [0, 0, 1, 0],
      [
        [0, mix(c.outer, '#000000', 0.35)],
        [0.5, mix(c.outer, '#ffffff', 0.12)],
        [1, mix(c.outer, '#000000', 0.35)],
      ],
    ),
  );
  svg.def(id('v'), () =>
    linearBox(
      id('v'),
      [0, 0, 0, 1],
      [
        [0, mix(c.velvet, '#000000', 0.35)],
        [0.35, c.velvet],
        [0.8, mix(c.velvet, '#ffffff', 0.12)],
        [1, mix(c.velvet, '#000000', 0.2)],
      ],
    ),
  );
  svg.def(id('l'), () =>
    linearBox(
      id('l'),
      [0, 0, 0.3, 1],
      [
        [0, mix(c.lining, '#000000', 0.18)],
        [0.45, c.lining],
        [0.6, '#ffffff'],
        [1, mix(c.lining, '#000000', 0.1)],
      ],
    ),
  );
  let out = shadow(svg, cx, cy + hb * 0.95, w * 0.75, hb * 0.28, '#000000', 0.9);
  // lid, hinged at the back edge and opened past vertical
  const lx0 = cx - w / 2 + inset * 0.4,
    lx1 = cx + w / 2 - inset * 0.4;
  out += `<path d="M${f(lx0)} ${f(backY + 4)}L${f(lx0 - w * 0.03)} ${f(backY - lidH)}Q${f(cx)} ${f(backY - lidH - w * 0.05)} ${f(lx1 + w * 0.03)} ${f(backY - lidH)}L${f(lx1)} ${f(backY + 4)}Z" fill="url(#${id('s')})"/>`;
  out += `<path d="M${f(lx0 + w * 0.05)} ${f(backY)}L${f(lx0 + w * 0.035)} ${f(backY - lidH + w * 0.06)}Q${f(cx)} ${f(backY - lidH + w * 0.02)} ${f(lx1 - w * 0.035)} ${f(backY - lidH + w * 0.06)}L${f(lx1 - w * 0.05)} ${f(backY)}Z" fill="url(#${id('l')})"/>`;
  // cushion top, back half
  const slitY = (backY + cy) / 2;
  const bx0 = cx - w / 2 + inset,
    bx1 = cx + w / 2 - inset;
  out += `<path d="M${f(bx0)} ${f(backY)}L${f(bx1)} ${f(backY)}L${f(cx + w / 2)} ${f(cy)}L${f(cx - w / 2)} ${f(cy)}Z" fill="url(#${id('v')})"/>`;
  out += `<path d="M${f(lerp(bx0, cx - w / 2, 0.5))} ${f(slitY)}L${f(lerp(bx1, cx + w / 2, 0.5))} ${f(slitY)}" stroke="${mix(c.velvet, '#000000', 0.6)}" stroke-width="${f(w * 0.012)}"/>`;
  out += o.content(cx, slitY);
  // front half of the cushion covers the lower part of the piece
  svg.def(id('f'), () =>
    linearBox(
      id('f'),
      [0, 0, 0, 1],
      [
        [0, mix(c.velvet, '#000000', 0.5)],
        [0.25, mix(c.velvet, '#ffffff', 0.1)],
        [1, c.velvet],
      ],
    ),
  );
  out += `<path d="M${f(lerp(bx0, cx - w / 2, 0.5))} ${f(slitY + 1)}Q${f(cx)} ${f(slitY - w * 0.012)} ${f(lerp(bx1, cx + w / 2, 0.5))} ${f(slitY + 1)}L${f(cx + w / 2)} ${f(cy)}L${f(cx - w / 2)} ${f(cy)}Z" fill="url(#${id('f')})"/>`;
  // box front
  const r = w * 0.04;
  out += `<path d="M${f(cx - w / 2)} ${f(cy)}L${f(cx + w / 2)} ${f(cy)}L${f(cx + w / 2)} ${f(cy + hb - r)}Q${f(cx + w / 2)} ${f(cy + hb)} ${f(cx + w / 2 - r)} ${f(cy + hb)}L${f(cx - w / 2 + r)} ${f(cy + hb)}Q${f(cx - w / 2)} ${f(cy + hb)} ${f(cx - w / 2)} ${f(cy + hb - r)}Z" fill="url(#${id('o')})"/>`;
  out += `<path d="M${f(cx - w / 2 + 2)} ${f(cy + 1.5)}L${f(cx + w / 2 - 2)} ${f(cy + 1.5)}" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>`;
  return out;
}

// ---------------------------------------------------------------------------
// Product views
// ---------------------------------------------------------------------------

function ringHead(d, R) {
  const side = d.type === 'threestone' ? 'diamond' : null;
  const base = { shape: d.shape, gem: d.gem ?? 'diamond', setting: d.prongs === 6 ? 'prong6' : 'prong4', side };
  if (d.type === 'solitaire') return { ...base, r: d.small ? R * 0.17 : R * 0.5 };
  if (d.type === 'halo') return { ...base, r: R * 0.36, setting: 'halo' };
  if (d.type === 'threestone') return { ...base, r: R * 0.36 };
  if (d.type === 'pearl') return { ...base, gem: 'pearl', r: R * 0.34, setting: 'pearl' };
  return null;
}

const BAND_STONES = { eternity: 'eternity', pave: 'pave', channel: 'channel', accent: 'accent' };

function ringView(svg, d, p, view) {
  const dept = d.dept;
  const m = d.metal;
  const isBand = ['band', 'eternity', 'pave', 'channel', 'accent'].includes(d.type);
  const wide = dept === 'men' ? 0.3 : d.type === 'pave' ? 0.13 : 0.2;
  const bandOpts = (R) => ({
    metal: m,
    finish: d.brushed ? 'brushed' : 'polished',
    stones: d.type === 'band' ? (/ridge/.test(p.slug) ? 'ridge' : null) : BAND_STONES[d.type],
    gem: d.gem === 'sapphire' ? 'sapphire' : 'diamond',
    h: R * wide,
    polishedEdges: /polished edges/i.test(p.features.join()),
    count: d.type === 'pave' ? 19 : d.type === 'eternity' ? 15 : 9,
    stoneSize: d.type === 'pave' ? R * wide * 0.32 : R * wide * 0.42,
  });
  if (view === 1) {
    backdrop(svg, dept, { floor: 0.64 });
    if (isBand) svg.add(bandFlat(svg, { cx: 400, cy: 360, R: 260, elev: 30, ...bandOpts(260) }));
    else if (d.type === 'signet')
      svg.add(
        signetUpright(svg, {
          cx: 390,
          cy: 470,
          R: 175,
          metal: m,
          face: signetShape(p),
          pave: d.gem === 'black' ? 'black' : null,
          finish: d.brushed ? 'brushed' : 'polished',
        }),
      );
    else
      svg.add(
        ringUpright(svg, { cx: 385, cy: 500, R: 195, metal: m, bw: d.small ? 18 : 28, th: d.small ? 11 : 14, head: ringHead(d, 195) }),
      );
  } else if (view === 2) {
    backdrop(svg, dept, { floor: 0.8, cy: 0.5 });
    if (isBand) {
      const R = 270,
        bw = R * wide * 1.25;
      const o = bandOpts(R);
      svg.add(
        ringUpright(svg, {
          cx: 370,
          cy: 410,
          R,
          k: 0.46,
          bw,
          th: 15,
          metal: m,
          finish: o.finish,
          bandStones: (band, v) =>
            uprightStones(svg, band, v, {
              ...o,
              size: bw * (d.type === 'pave' ? 0.22 : d.type === 'eternity' ? 0.3 : 0.24),
              count: d.type === 'pave' ? 17 : d.type === 'eternity' ? 13 : d.type === 'accent' ? 3 : 9,
            }),
        }),
      );
    } else if (d.type === 'signet') svg.add(signetFaceUp(svg, d, p));
    else {
      const hd = ringHead(d, 520);
      const r = d.small ? 120 : hd.setting === 'halo' || hd.side ? 150 : 185;
      svg.add(
        headFaceUp(svg, {
          x: 400,
          y: 400,
          r,
          metal: m,
          shape: hd.shape,
          gem: hd.gem,
          setting: hd.setting,
          side: hd.side,
          haloGem: 'diamond',
          bw: d.small ? r * 0.35 : r * 0.5,
          pave: d.type === 'halo',
        }),
      );
    }
  } else {
    backdrop(svg, dept, { floor: 0.58 });
    svg.add(
      ringBox(svg, {
        cx: 400,
        cy: 540,
        w: 400,
        dept,
        content: (x, y) => {
          if (d.type === 'signet')
            return signetUpright(svg, {
              cx: x + 2,
              cy: y - 50,
              R: 112,
              metal: m,
              face: signetShape(p),
              pave: d.gem === 'black' ? 'black' : null,
              finish: d.brushed ? 'brushed' : 'polished',
            });
          if (isBand) {
            const o = bandOpts(115),
              bw = 115 * wide * 1.1;
            return ringUpright(svg, {
              cx: x - 4,
              cy: y - 55,
              R: 115,
              metal: m,
              k: 0.55,
              bw,
              th: 9,
              finish: o.finish,
              bandStones: (band, v) =>
                uprightStones(svg, band, v, {
                  ...o,
                  size: bw * (d.type === 'pave' ? 0.2 : 0.26),
                  count: d.type === 'pave' ? 11 : d.type === 'accent' ? 3 : 8,
                }),
            });
          }
          return ringUpright(svg, {
            cx: x - 4,
            cy: y - 58,
            R: 112,
            metal: m,
            bw: d.small ? 11 : 16,
            th: d.small ? 6 : 8,
            head: ringHead(d, 112),
          });
        },
      }),
    );
  }
}

/** Stones (or a ridge) on the visible outer wall of an upright band. */
function uprightStones(svg, band, v, o) {
  const { P } = band;
  const [vx, vy] = v;
  const rx = P(0)[0] - P(Math.PI)[0];
  const ry = P(Math.PI / 2)[1] - P(-Math.PI / 2)[1];
  const tv = Math.atan2(ry * vy, rx * vx);
  const len = Math.hypot(vx, vy);
  let out = '';
  const st = o.stones;
  if (!st) return out;
  const n = o.count;
  const span = st === 'accent' ? 0.5 : 1.25;
  const angles = [];
  for (let i = 0; i < n; i++) angles.push(tv + lerp(-span, span, n === 1 ? 0.5 : i / (n - 1)));
  if (st === 'ridge') return out;
  for (const t of angles) {
    const p = P(t);
    const x = p[0] + vx / 2,
      y = p[1] + vy / 2;
    const cs = Math.max(0.15, Math.cos(t - tv));
    const nrm = (Math.atan2(Math.sin(t) / ry, Math.cos(t) / rx) * 180) / Math.PI;
    const sz = st === 'channel' ? o.size * 1.1 : o.size;
    let g = '';
    if (st === 'channel') {
      svg.def('pri', () =>
        linearBox(
          'pri',
          [0, 0, 1, 1],
          [
            [0, '#ffffff'],
            [0.3, '#aebdcb'],
            [0.5, '#f4f8fb'],
            [0.7, '#6f7f90'],
            [1, '#e9f0f6'],
          ],
        ),
      );
      g = `<rect x="${f(-sz)}" y="${f(-sz)}" width="${f(2 * sz)}" height="${f(2 * sz)}" fill="url(#pri)"/><path d="M${f(-sz)} ${f(-sz)}L${f(sz)} ${f(sz)}M${f(sz)} ${f(-sz)}L${f(-sz)} ${f(sz)}" stroke="#fff" stroke-opacity=".6"/>`;
    } else {
      if (st === 'eternity' || st === 'accent')
        g += `<circle r="${f(sz * 1.2)}" fill="${st === 'accent' ? METALS[o.metal].ramp[0] : metal(svg, o.metal, 'r')}"/>`;
      g += useMelee(svg, o.gem ?? 'diamond', 0, 0, sz);
    }
    out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(nrm)}) scale(${cs.toFixed(2)} 1)">${g}</g>`;
  }
  void len;
  return out;
}

// ---------------------------------------------------------------------------
// Chains and necklaces
// ---------------------------------------------------------------------------

/** Sample cubic bezier segments every `step` px: [{x, y, a}] with a = tangent angle (deg). */
function sampleCurve(segs, step) {
  const fine = [];
  for (const [p0, c1, c2, p3] of segs) {
    for (let i = 0; i <= 120; i++) {
      const t = i / 120,
        u = 1 - t;
      fine.push([
        u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p3[0],
        u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p3[1],
      ]);
    }
  }
  const out = [];
  let acc = 0;
  for (let i = 1; i < fine.length; i++) {
    const [x0, y0] = fine[i - 1],
      [x1, y1] = fine[i];
    const l = Math.hypot(x1 - x0, y1 - y0);
    if (l === 0) continue;
    while (acc <= l) {
      const t = acc / l;
      out.push({ x: lerp(x0, x1, t), y: lerp(y0, y1, t), a: (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI });
      acc += step;
    }
    acc -= l;
  }
  return out;
}

function curvePath(segs) {
  return segs
    .map(
      ([p0, c1, c2, p3], i) =>
        (i ? '' : `M${f(p0[0])} ${f(p0[1])}`) + `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p3[0])} ${f(p3[1])}`,
    )
    .join('');
}

/** Link symbols, drawn for a unit pitch of 10 along +x. */
function linkDef(svg, style, m, w = 10) {
  const sc = +(w / 10).toFixed(2);
  const id = 'l' + style.slice(0, 2) + (style.endsWith('Edge') ? 'e' : '') + m.slice(0, 2) + String(sc).replace('.', '');
  const [k0, k1, , , k4] = METALS[m].ramp;
  const g = metal(svg, m, 'v');
  const defs = {
    cable: `<g id="${id}"><ellipse rx="7.2" ry="4.4" fill="none" stroke="${k0}" stroke-width="2.6"/><ellipse rx="7.2" ry="4.4" fill="none" stroke="${g}" stroke-width="1.8"/></g>`,
    cableEdge: `<g id="${id}"><rect x="-7.4" y="-1.5" width="14.8" height="3" rx="1.5" fill="${k1}"/><rect x="-7" y="-1" width="14" height="1.4" rx=".7" fill="${k4}"/></g>`,
    paper: `<g id="${id}"><rect x="-9" y="-3.6" width="18" height="7.2" rx="3.6" fill="none" stroke="${k0}" stroke-width="2.4"/><rect x="-9" y="-3.6" width="18" height="7.2" rx="3.6" fill="none" stroke="${g}" stroke-width="1.7"/><path d="M-6-3.6L6-3.6" stroke="${k4}" stroke-width=".8"/></g>`,
    paperEdge: `<g id="${id}"><rect x="-9.5" y="-1.4" width="19" height="2.8" rx="1.4" fill="${k1}"/><rect x="-8.5" y="-1" width="17" height="1.2" rx=".6" fill="${k4}"/></g>`,
    cuban: `<g id="${id}"><g transform="rotate(-24)"><ellipse rx="9.6" ry="5.6" fill="${k0}"/><ellipse rx="9" ry="5" fill="${g}"/><ellipse rx="4.8" ry="1.7" fill="${k0}"/><path d="M-7.5-2.6Q0-5.6 7.5-2.6" fill="none" stroke="${k4}" stroke-width="1.3" stroke-linecap="round"/><path d="M-7 3.2Q0 5.2 7 3.2" fill="none" stroke="${k1}" stroke-width="1"/></g></g>`,
    curb: `<g id="${id}"><ellipse rx="9.6" ry="5.6" fill="${k0}"/><ellipse rx="9" ry="5" fill="${g}"/><ellipse rx="5.6" ry="2.3" fill="${k0}"/><path d="M-6-3Q0-5 6-3" fill="none" stroke="${k4}" stroke-width="1.2" stroke-linecap="round"/></g>`,
    box: `<g id="${id}"><rect x="-5" y="-5" width="10" height="10" rx="1" fill="${k0}"/><rect x="-4.3" y="-4.3" width="8.6" height="8.6" fill="${g}"/><rect x="-2.2" y="-2.2" width="4.4" height="4.4" fill="${k1}"/><path d="M-4.3-4.3L4.3-4.3" stroke="${k4}" stroke-width="1"/></g>`,
    rope: `<g id="${id}"><ellipse rx="8" ry="3.9" transform="rotate(-38)" fill="${k0}"/><ellipse rx="7.2" ry="3.1" transform="rotate(-38)" fill="${g}"/><ellipse rx="4.6" ry="1.1" cx="-.8" cy="-.8" transform="rotate(-38)" fill="${k4}" opacity=".85"/></g>`,
    ball: `<g id="${id}"><rect x="-5" y="-.6" width="10" height="1.2" fill="${k1}"/><circle r="3.6" fill="${metal(svg, m, 'r')}"/></g>`,
  };
  svg.def(id, defs[style].replace(`<g id="${id}">`, `<g id="${id}"><g transform="scale(${sc})">`).replace(/<\/g>$/, '</g></g>'));
  return id;
}

/** A chain along cubic segments. style: fine | cable | paper | cuban | box | rope | figaro | ball. w = link width px. */
function chain(svg, segs, style, m, w) {
  const [k0, k1, k2, , k4] = METALS[m].ramp;
  if (style === 'fine' || w < 7.5) {
    const d = curvePath(segs);
    if (style === 'ball')
      return `<path d="${d}" fill="none" stroke="${k2}" stroke-width="${f(w * 0.8)}" stroke-dasharray="0 ${f(w * 1.1)}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${k4}" stroke-width="${f(w * 0.35)}" stroke-dasharray="0 ${f(w * 1.1)}" stroke-linecap="round" transform="translate(${f(-w * 0.12)} ${f(-w * 0.12)})"/>`;
    return (
      `<path d="${d}" fill="none" stroke="${k0}" stroke-opacity=".55" stroke-width="${f(w + 1)}"/>` +
      `<path d="${d}" fill="none" stroke="${k2}" stroke-width="${f(w)}" stroke-dasharray="${f(w * 2.4)} ${f(w * 0.7)}"/>` +
      `<path d="${d}" fill="none" stroke="${k4}" stroke-width="${f(Math.max(0.5, w * 0.4))}" stroke-dasharray="${f(w * 1.2)} ${f(w * 1.9)}"/>`
    );
  }
  const pitch = { curb: 1, cable: 1.1, paper: 1.45, cuban: 0.78, box: 0.85, rope: 0.72, figaro: 1.1, ball: 1 }[style] * w;
  const maxLinks = 120;
  let pts = sampleCurve(segs, pitch);
  if (pts.length > maxLinks) pts = sampleCurve(segs, (pitch * pts.length) / maxLinks);
  let out = '';
  const under =
    style === 'cuban' || style === 'rope'
      ? `<path d="${curvePath(segs)}" fill="none" stroke="${k0}" stroke-width="${f(w * 0.7)}" stroke-opacity=".6"/>`
      : '';
  out += under;
  pts.forEach((p, i) => {
    let id;
    let extra = '';
    if (style === 'cable') id = linkDef(svg, i % 2 ? 'cableEdge' : 'cable', m, w);
    else if (style === 'paper') id = linkDef(svg, i % 2 ? 'paperEdge' : 'paper', m, w);
    else if (style === 'figaro') {
      const long = i % 8 === 6;
      if (i % 8 === 7) return;
      id = linkDef(svg, i % 2 ? 'cableEdge' : 'cable', m, w);
      if (long) extra = ' scale(1.9 1)';
    } else if (style === 'curb') {
      id = linkDef(svg, style, m, w);
      extra = ` rotate(${i % 2 ? 16 : -16})`;
    } else id = linkDef(svg, style, m, w);
    out += `<use href="#${id}" transform="translate(${Math.round(p.x)} ${Math.round(p.y)}) rotate(${Math.round(p.a)})${extra}"/>`;
  });
  void k1;
  return out;
}

/** Lobster clasp at (x, y), pointing along angle a. */
function clasp(svg, x, y, a, s, m) {
  const [k0, , , , k4] = METALS[m].ramp;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(a)}) scale(${(s / 10).toFixed(2)})"><path d="M-9 0Q-9-6 0-6Q9-6 10 0Q9 6 0 6Q-9 6-9 0Z" fill="${metal(svg, m, 'v')}" stroke="${k0}" stroke-width=".6"/><path d="M-4-3.4Q3-4.8 7-1" fill="none" stroke="${k4}" stroke-width="1.1"/><circle cx="-12" r="3" fill="none" stroke="${metal(svg, m, 'd')}" stroke-width="1.8"/></g>`;
}

/** Pendant hung from (x, y), scale s (1 = ~140 px tall for the largest). */
function pendant(svg, d, x, y, s) {
  const m = d.metal;
  let out = '';
  const bail = (h) =>
    `<rect x="${f(x - 5 * s)}" y="${f(y - 3 * s)}" width="${f(10 * s)}" height="${f(h * s)}" rx="${f(5 * s)}" fill="${metal(svg, m, 'h')}" stroke="${METALS[m].ramp[0]}" stroke-width="${f(0.8 * s)}"/>`;
  switch (d.type) {
    case 'solitaire-pendant': {
      const r = (d.small ? 18 : 30) * s;
      out += bail(16);
      out += headFaceUp(svg, {
        x,
        y: y + 13 * s + r * 1.05,
        r,
        metal: m,
        shape: d.shape,
        gem: d.gem ?? 'diamond',
        setting: 'prong4',
        reach: 0,
        bw: 0,
      });
      break;
    }
    case 'halo-pendant': {
      const r = 34 * s;
      out += bail(16);
      out += headFaceUp(svg, { x, y: y + 14 * s + r * 1.9, r, metal: m, shape: 'pear', gem: d.gem, setting: 'halo', reach: 0, bw: 0 });
      break;
    }
    case 'bezel-pendant': {
      const r = 30 * s;
      out += bail(16);
      out += headFaceUp(svg, { x, y: y + 14 * s + r * 1.1, r, metal: m, shape: 'emerald', gem: d.gem, setting: 'bezel', reach: 0, bw: 0 });
      break;
    }
    case 'pearl-pendant': {
      const r = 28 * s;
      out += bail(14);
      out += `<path d="M${f(x - 9 * s)} ${f(y + 10 * s)}Q${f(x)} ${f(y + 4 * s)} ${f(x + 9 * s)} ${f(y + 10 * s)}L${f(x + 11 * s)} ${f(y + 16 * s)}L${f(x - 11 * s)} ${f(y + 16 * s)}Z" fill="${metal(svg, m, 'h')}"/>`;
      out += pearl(svg, x, y + 12 * s + r, r);
      break;
    }
    case 'bar': {
      const bw = 18 * s,
        bh = 120 * s;
      out += bail(18);
      const top = y + 14 * s;
      out += `<rect x="${f(x - bw / 2 + 3 * s)}" y="${f(top + 4 * s)}" width="${f(bw)}" height="${f(bh)}" rx="${f(3 * s)}" fill="#000" opacity=".2"/>`;
      out += `<rect x="${f(x - bw / 2)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" rx="${f(3 * s)}" fill="${metal(svg, m, 'h')}"/>`;
      const n = 9;
      for (let i = 0; i < n; i++)
        out += useMelee(svg, d.gem === 'black' ? 'black' : 'diamond', x, top + bh * ((i + 0.6) / (n + 0.2)), bw * 0.36);
      break;
    }
    case 'medallion': {
      const r = 62 * s;
      out += bail(20);
      const cy = y + 16 * s + r;
      out += `<circle cx="${f(x + 4 * s)}" cy="${f(cy + 5 * s)}" r="${f(r)}" fill="#000" opacity=".2"/>`;
      out += `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}" fill="${metal(svg, m, 'd')}"/>`;
      out += `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="none" stroke="${METALS[m].ramp[0]}" stroke-width="${f(2.2 * s)}" stroke-dasharray="${f(2 * s)} ${f(2 * s)}"/>`;
      out += `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * 0.82)}" fill="${metalSatin(svg, m, 'd')}"/>`;
      // compass rose
      const star = [];
      for (let i = 0; i < 8; i++) {
        const a = rad(i * 45 - 90),
          L = i % 2 ? r * 0.42 : r * 0.72;
        star.push(
          [x + Math.cos(a) * L, cy + Math.sin(a) * L],
          [x + Math.cos(a + rad(22.5)) * r * 0.14, cy + Math.sin(a + rad(22.5)) * r * 0.14],
        );
      }
      out += `<path d="${poly(star)}" fill="${METALS[m].ramp[3]}" stroke="${METALS[m].ramp[0]}" stroke-width="${f(1.2 * s)}"/>`;
      out += `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * 0.52)}" fill="none" stroke="${METALS[m].ramp[0]}" stroke-width="${f(1 * s)}"/>`;
      break;
    }
    case 'dogtag': {
      const tw = 62 * s,
        thh = 104 * s;
      const top = y + 12 * s;
      out += `<circle cx="${f(x)}" cy="${f(y + 2 * s)}" r="${f(5 * s)}" fill="none" stroke="${metal(svg, m, 'd')}" stroke-width="${f(2.4 * s)}"/>`;
      out += `<rect x="${f(x - tw / 2 + 4 * s)}" y="${f(top + 5 * s)}" width="${f(tw)}" height="${f(thh)}" rx="${f(14 * s)}" fill="#000" opacity=".2"/>`;
      out += `<rect x="${f(x - tw / 2)}" y="${f(top)}" width="${f(tw)}" height="${f(thh)}" rx="${f(14 * s)}" fill="${metalSatin(svg, m, 'd')}" stroke="${METALS[m].ramp[1]}" stroke-width="${f(1.4 * s)}"/>`;
      out += `<circle cx="${f(x)}" cy="${f(top + 9 * s)}" r="${f(3.2 * s)}" fill="${METALS[m].ramp[0]}"/>`;
      out += `<circle cx="${f(x + tw * 0.25)}" cy="${f(top + thh * 0.8)}" r="${f(8.5 * s)}" fill="${METALS[m].ramp[0]}"/>`;
      out += useMelee(svg, d.gem ?? 'sapphire', x + tw * 0.25, top + thh * 0.8, 7 * s);
      break;
    }
    default:
      break;
  }
  return out;
}

const CHAIN_STYLE = { cuban: 'cuban', box: 'box', rope: 'rope', figaro: 'figaro', paperclip: 'paper' };

function necklaceChainStyle(d) {
  if (CHAIN_STYLE[d.type]) return CHAIN_STYLE[d.type];
  if (d.type === 'dogtag') return 'ball';
  if (d.type === 'bar' || d.type === 'medallion') return d.dept === 'men' ? 'box' : 'cable';
  return 'fine';
}
function chainWidth(d, p) {
  const mm = parseFloat((p.features.join(' ').match(/(\d+(?:\.\d+)?) mm (?:cuban|box|rope|figaro)/i) || [])[1] || 0);
  if (d.type === 'paperclip') return 11;
  if (mm) return 4 + mm * 2.6;
  if (d.type === 'dogtag') return 7;
  return d.dept === 'men' ? 6 : 2.2;
}

function pearlStrand(svg, segs, r) {
  svg.def('pl', `<g id="pl">${pearl(svg, 0, 0, 10)}</g>`);
  const pts = sampleCurve(segs, r * 2.02);
  return (
    `<path d="${curvePath(segs)}" fill="none" stroke="#d8cfc2" stroke-width="1.2"/>` +
    pts
      .slice(1)
      .map((q) => `<use href="#pl" transform="translate(${f(q.x)} ${f(q.y)}) scale(${(r / 10).toFixed(2)})"/>`)
      .join('')
  );
}

function riviere(svg, d, segs, r) {
  const m = d.metal;
  const pts = sampleCurve(segs, 1);
  const total = pts.length;
  let out = chain(svg, segs, 'fine', m, 2.2);
  // graduated stones across the lower 80% of the loop
  let s = total * 0.14;
  const stones = [];
  while (s < total * 0.86) {
    const t = s / total;
    const k = 0.55 + 0.45 * Math.sin(Math.PI * clamp((t - 0.14) / 0.72));
    const rr = r * k;
    const q = pts[Math.round(s)];
    stones.push([q, rr]);
    s += rr * 2.15;
  }
  for (const [q, rr] of stones) {
    out += `<circle cx="${f(q.x)}" cy="${f(q.y)}" r="${f(rr * 1.14)}" fill="${metal(svg, m, 'r')}"/>`;
    out += useMelee(svg, d.gem === 'black' ? 'black' : 'diamond', q.x, q.y, rr);
  }
  const mid = stones[Math.floor(stones.length / 2)];
  if (mid) out += sparkle(svg, mid[0].x - mid[1] * 0.3, mid[0].y - mid[1] * 0.3, mid[1] * 1.3, 10);
  return out;
}

/** Display bust in velvet or linen; returns markup and the neckline geometry. */
function bust(svg, dept, o = {}) {
  const rnd = svg.rnd;
  const cloth = o.cloth ?? (dept === 'men' ? rnd.pick(['#3a4048', '#2b3036', '#4a4f55']) : rnd.pick(['#2b2220', '#3a2a2c', '#e9dfd2']));
  const light = mix(cloth, '#ffffff', 0.14),
    dark = mix(cloth, '#000000', 0.45);
  svg.def('bst', () =>
    linearBox(
      'bst',
      [0, 0, 1, 0],
      [
        [0, dark],
        [0.3, cloth],
        [0.5, light],
        [0.72, cloth],
        [1, dark],
      ],
    ),
  );
  svg.def('nck', () =>
    linearBox(
      'nck',
      [0, 0, 1, 0],
      [
        [0, dark],
        [0.4, cloth],
        [0.55, light],
        [1, dark],
      ],
    ),
  );
  svg.def('jaw', () =>
    radialBox(
      'jaw',
      [0.5, 0, 0.8],
      [
        [0, '#000', 0.55],
        [1, '#000', 0],
      ],
    ),
  );
  const body = 'M326 230C322 300 280 330 190 352C110 372 70 430 56 800L744 800C730 430 690 372 610 352C520 330 478 300 474 230Z';
  const out =
    `<ellipse cx="400" cy="795" rx="390" ry="36" fill="#000" opacity=".18"/>` +
    `<path d="${body}" fill="url(#bst)"/>` +
    `<path d="M336 40Q330 150 326 236Q400 262 474 236Q470 150 464 40Z" fill="url(#nck)"/>` +
    `<ellipse cx="400" cy="40" rx="64" ry="16" fill="${mix(cloth, '#ffffff', 0.08)}" stroke="${mix(cloth, '#000000', 0.3)}" stroke-width="3"/>` +
    `<path d="M326 236Q400 262 474 236" fill="none" stroke="${mix(cloth, '#000000', 0.35)}" stroke-width="2" opacity=".6"/>`;
  return { out, cloth, light: cloth === '#e9dfd2' };
}

/** Closed, slightly drooping oval loop as four cubic segments starting at the top. */
function loopSegs(cx, cy, rx, ry, droop = 0.12) {
  const k = 0.5523;
  const top = [cx, cy - ry],
    right = [cx + rx, cy + ry * droop],
    bot = [cx, cy + ry],
    left = [cx - rx, cy + ry * droop];
  return [
    [top, [cx + rx * k, cy - ry], [cx + rx, right[1] - ry * k], right],
    [right, [cx + rx, right[1] + ry * k * 0.8], [cx + rx * k, cy + ry], bot],
    [bot, [cx - rx * k, cy + ry], [cx - rx, left[1] + ry * k * 0.8], left],
    [left, [cx - rx, left[1] - ry * k], [cx - rx * k, cy - ry], top],
  ];
}

function necklaceView(svg, d, p, view) {
  const dept = d.dept;
  const heavy = !!CHAIN_STYLE[d.type];
  const loopy = heavy || d.type === 'strand' || d.type === 'riviere';
  const m = d.metal;
  const style = necklaceChainStyle(d);
  const cw = chainWidth(d, p);
  const dropShadow = (segs, w) =>
    `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="${f(w * 1.3 + 4)}" transform="translate(6 10)"/>`;
  if (view === 1) {
    backdrop(svg, dept, { floor: 0.3, cy: 0.45 });
    if (loopy) {
      const segs = loopSegs(400, 395, 250, 225, 0.1);
      svg.add(dropShadow(segs, cw));
      if (d.type === 'strand') svg.add(pearlStrand(svg, segs, 12), clasp(svg, 400, 170, 0, 14, m));
      else if (d.type === 'riviere') svg.add(riviere(svg, d, segs, 15));
      else svg.add(chain(svg, segs, style, m, cw * 1.15), clasp(svg, 404, 170, 0, Math.max(11, cw * 1.2), m));
    } else {
      const big = d.type === 'bar' || d.type === 'medallion' || d.type === 'dogtag';
      const segs = loopSegs(400, 300, 200, 200, 0.05);
      const w = style === 'fine' ? 2.4 : cw;
      svg.add(dropShadow(segs, w));
      svg.add(chain(svg, segs, style, m, w), clasp(svg, 404, 100, 0, 11, m));
      svg.add(pendant(svg, d, 400, 500, big ? 1.6 : d.type === 'solitaire-pendant' ? (d.small ? 2.2 : 1.7) : 2));
    }
  } else if (view === 2) {
    backdrop(svg, dept, { floor: 0.3, cy: 0.5 });
    if (heavy) {
      // macro of the links sweeping across the frame
      const w = cw * 3.1;
      const segs = [
        [
          [-60, 640],
          [200, 700],
          [300, 300],
          [470, 330],
        ],
        [
          [470, 330],
          [640, 360],
          [700, 140],
          [880, 120],
        ],
      ];
      svg.add(dropShadow(segs, w));
      svg.add(chain(svg, segs, style, m, w));
    } else if (d.type === 'strand' || d.type === 'riviere') {
      const segs = [
        [
          [-80, 180],
          [150, 260],
          [220, 620],
          [420, 640],
        ],
        [
          [420, 640],
          [620, 660],
          [700, 300],
          [900, 250],
        ],
      ];
      svg.add(d.type === 'strand' ? pearlStrand(svg, segs, 34) : riviere(svg, d, segs, 36));
      if (d.type === 'strand') svg.add(clasp(svg, 712, 372, -70, 30, m));
    } else {
      const segs = [
        [
          [170, -20],
          [220, 100],
          [340, 150],
          [400, 170],
        ],
      ];
      const segs2 = [
        [
          [630, -20],
          [580, 100],
          [460, 150],
          [400, 170],
        ],
      ];
      const st = style;
      const w = style === 'fine' ? 3.4 : 14;
      svg.add(dropShadow(segs, w), dropShadow(segs2, w));
      svg.add(chain(svg, segs, st, m, w), chain(svg, segs2, st, m, w));
      svg.add(pendant(svg, d, 400, 176, d.type === 'medallion' || d.type === 'dogtag' || d.type === 'bar' ? 3.3 : 4.3));
    }
  } else {
    backdrop(svg, dept, { floor: 0.85, cy: 0.3 });
    svg.add(bust(svg, dept).out);
    const low = loopy ? 560 : 500;
    const segs = [
      [
        [326, 236],
        [322, 340],
        [352, low],
        [400, low],
      ],
      [
        [400, low],
        [448, low],
        [478, 340],
        [474, 236],
      ],
    ];
    svg.add(
      `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".28" stroke-width="${f(cw + 3)}" transform="translate(2 6)"/>`,
    );
    if (d.type === 'strand') svg.add(pearlStrand(svg, segs, 10));
    else if (d.type === 'riviere') svg.add(riviere(svg, d, segs, 11));
    else {
      svg.add(chain(svg, segs, style, m, style === 'fine' ? 2 : cw));
      if (!heavy) svg.add(pendant(svg, d, 400, low, d.type === 'bar' || d.type === 'medallion' || d.type === 'dogtag' ? 0.85 : 1.05));
    }
  }
}

// ---------------------------------------------------------------------------
// Earrings
// ---------------------------------------------------------------------------

function studSetting(d) {
  if (d.type === 'halo-stud') return 'halo';
  if (d.type === 'pearl-stud') return 'pearl';
  return d.bezel ? 'bezel' : 'prong4';
}

/** One stud. pose: 'face' (looking at the stone) or 'side' (three-quarter, post visible). */
function stud(svg, d, x, y, r, pose) {
  const m = d.metal;
  const gem = d.gem === 'pearl' ? 'pearl' : (d.gem ?? 'diamond');
  const setting = studSetting(d);
  let out = shadow(svg, x + r * 0.15, y + r * 1.25, r * 1.2, r * 0.3, '#000000', 0.7);
  if (pose === 'side') {
    // post and back run away from the viewer, up and to the right
    const px = x + r * 1.5,
      py = y - r * 0.55;
    out += `<path d="M${f(x)} ${f(y)}L${f(px)} ${f(py)}" stroke="${METALS[m].ramp[1]}" stroke-width="${f(r * 0.12)}" stroke-linecap="round"/>`;
    out += `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(r * 0.2)}" ry="${f(r * 0.45)}" transform="rotate(-20 ${f(px)} ${f(py)})" fill="${metal(svg, m, 'h')}"/>`;
    if (setting === 'pearl') return out + pearl(svg, x, y, r);
    if (setting === 'halo') out += headFaceUp(svg, { x, y, r: r * 0.78, metal: m, shape: d.shape, gem, setting: 'halo', reach: 0, bw: 0 });
    else out += setStone(svg, { x, y, r, shape: d.shape, gem, elev: 38, spin: 25, tilt: -18, metal: m, setting });
    return out;
  }
  if (setting === 'pearl') return out + pearl(svg, x, y, r);
  out += headFaceUp(svg, {
    x,
    y,
    r: setting === 'halo' ? r * 0.78 : r,
    metal: m,
    shape: d.shape,
    gem,
    setting,
    reach: 0,
    bw: 0,
    haloGem: 'diamond',
    spin: 7,
  });
  return out;
}

/** A drop earring hanging from (x, y); s scales the whole piece. */
function drop(svg, d, x, y, s) {
  const m = d.metal;
  let out = shadow(svg, x + 12 * s, y + 95 * s, 46 * s, 80 * s, '#000000', 0.45);
  out += `<path d="M${f(x + 2 * s)} ${f(y - 8 * s)}C${f(x + 4 * s)} ${f(y - 40 * s)} ${f(x + 30 * s)} ${f(y - 44 * s)} ${f(x + 32 * s)} ${f(y - 20 * s)}L${f(x + 30 * s)} ${f(y + 4 * s)}" fill="none" stroke="${METALS[m].ramp[2]}" stroke-width="${f(2.6 * s)}" stroke-linecap="round"/>`;
  out += headFaceUp(svg, { x, y, r: 14 * s, metal: m, shape: 'round', gem: 'diamond', setting: 'prong4', reach: 0, bw: 0, lod: 'small' });
  if (/cascade/.test(d.slug)) {
    let yy = y + 16 * s;
    for (const rr of [7, 9, 11]) {
      yy += rr * s + 3 * s;
      out +=
        `<circle cx="${f(x)}" cy="${f(yy)}" r="${f((rr + 1.6) * s)}" fill="${metal(svg, m, 'r')}"/>` +
        useMelee(svg, 'diamond', x, yy, rr * s);
      yy += rr * s;
    }
    out += headFaceUp(svg, { x, y: yy + 42 * s, r: 30 * s, metal: m, shape: 'pear', gem: 'diamond', setting: 'prong4', reach: 0, bw: 0 });
  } else {
    out += `<rect x="${f(x - 2 * s)}" y="${f(y + 12 * s)}" width="${f(4 * s)}" height="${f(16 * s)}" rx="${f(2 * s)}" fill="${metal(svg, m, 'h')}"/>`;
    out += headFaceUp(svg, {
      x,
      y: y + 28 * s + 30 * s * 1.75,
      r: 30 * s,
      metal: m,
      shape: 'pear',
      gem: d.gem ?? 'diamond',
      setting: 'halo',
      reach: 0,
      bw: 0,
    });
  }
  return out;
}

/** A hoop or huggie standing on its edge; k = horizontal squash (1 = face on). */
function hoop(svg, d, p, cx, cy, R, k) {
  const m = d.metal;
  const huggie = d.type === 'huggie';
  const squared = /squared/i.test(p.description);
  const bw = R * (huggie ? (squared ? 0.42 : 0.36) : 0.16);
  const th = R * (huggie ? (squared ? 0.3 : 0.22) : 0.12);
  const v = [bw * Math.sqrt(1 - k * k) * 1.1 + bw * 0.15, -bw * 0.12];
  let out = shadow(svg, cx + v[0] / 2, cy + R * 1.04, R * k * 1.15 + bw * 0.4, R * 0.09, '#000000', 0.8);
  const stones = d.gem === 'diamond' || d.gem === 'black' ? { stones: 'pave', gem: d.gem, metal: m } : null;
  const band = cylRing(svg, { cx, cy, rx: R * k, ry: R, v, th, metal: m, finish: d.brushed ? 'brushed' : 'polished', wallDir: 'h' });
  out += band.out;
  if (stones) {
    // stones on the near rim face, running around the lower front of the hoop
    const n = huggie ? 9 : 15;
    for (let i = 0; i < n; i++) {
      const t = lerp(Math.PI * (huggie ? 0.05 : -0.15), Math.PI * (huggie ? 0.95 : 1.15), i / (n - 1));
      const rr = th * 0.36;
      const px = cx + (R - th / 2) * k * Math.cos(t),
        py = cy + (R - th / 2) * Math.sin(t);
      out += useMelee(svg, d.gem, px, py, rr);
    }
  }
  // hinge post at the top
  out += `<path d="M${f(cx + v[0] * 0.4)} ${f(cy - R + th * 0.4)}l${f(-R * 0.02)} ${f(-R * 0.16)}" stroke="${METALS[m].ramp[1]}" stroke-width="${f(Math.max(2, R * 0.035))}" stroke-linecap="round"/>`;
  return out;
}

/** A pair of earrings of any type, centred on (cx, cy) at scale s. */
function earringPair(svg, d, p, cx, cy, s) {
  const t = d.type;
  if (t === 'drop') {
    const k = 'drop' + Math.round(s * 100);
    return svg.place(k, () => drop(svg, d, 0, 0, s * 1.25), cx - 95 * s, cy - 150 * s) + svg.place(k, null, cx + 95 * s, cy - 140 * s);
  }
  if (t === 'hoop' || t === 'huggie') {
    const small = t === 'huggie' || /10 mm/.test(p.features.join());
    const R = (small ? 95 : 140) * s;
    return hoop(svg, d, p, cx - R * 0.85, cy, R, 0.82) + hoop(svg, d, p, cx + R * 0.9, cy + 10 * s, R, 0.42);
  }
  const r = (/0\.[2-4]\d? ct|petite/.test(p.features.join(' ').toLowerCase()) ? 48 : 62) * s;
  if (t === 'halo-stud' || t === 'pearl-stud') {
    const k = 'stud' + Math.round(s * 100);
    return svg.place(k, () => stud(svg, d, 0, 0, r, 'face'), cx - 105 * s, cy) + svg.place(k, null, cx + 110 * s, cy + 18 * s);
  }
  return stud(svg, d, cx - 105 * s, cy, r, 'face') + stud(svg, d, cx + 110 * s, cy + 18 * s, r * 0.95, 'side');
}

/** Marble dish (women) or slate slab (men) as a lifestyle surface. */
function tray(svg, dept, cx, cy, w) {
  if (dept === 'men') {
    svg.def('slt', () =>
      linearBox(
        'slt',
        [0, 0, 1, 1],
        [
          [0, '#4a525a'],
          [0.5, '#353b42'],
          [1, '#24292e'],
        ],
      ),
    );
    const h = w * 0.36,
      sk = w * 0.1;
    const top = [
      [cx - w / 2 + sk, cy - h / 2],
      [cx + w / 2 - sk, cy - h / 2],
      [cx + w / 2, cy + h / 2],
      [cx - w / 2, cy + h / 2],
    ];
    const lines = [];
    for (let i = 1; i < 4; i++)
      lines.push(
        `M${f(cx - w / 2 + sk * (1 - i / 4))} ${f(cy - h / 2 + (i * h) / 4)}L${f(cx + w / 2 - sk * (1 - i / 4))} ${f(cy - h / 2 + (i * h) / 4 - 4)}`,
      );
    return (
      shadow(svg, cx, cy + h * 0.62, w * 0.62, h * 0.22, '#000000', 1) +
      `<path d="${poly([top[3], top[2], [top[2][0], top[2][1] + 22], [top[3][0], top[3][1] + 22]])}" fill="#1c2126"/>` +
      `<path d="${poly(top)}" fill="url(#slt)"/>` +
      `<path d="${lines.join('')}" stroke="#fff" stroke-opacity=".04" stroke-width="10"/>` +
      `<path d="M${f(top[0][0])} ${f(top[0][1] + 1)}L${f(top[1][0])} ${f(top[1][1] + 1)}" stroke="#fff" stroke-opacity=".18" stroke-width="2"/>`
    );
  }
  svg.def('mbl', () =>
    radialBox(
      'mbl',
      [0.45, 0.35, 0.75],
      [
        [0, '#ffffff'],
        [0.6, '#f1eeea'],
        [1, '#d9d3cb'],
      ],
    ),
  );
  const rx = w / 2,
    ry = w * 0.2;
  const veins = `M${f(cx - rx * 0.8)} ${f(cy - ry * 0.1)}C${f(cx - rx * 0.4)} ${f(cy - ry * 0.5)} ${f(cx)} ${f(cy + ry * 0.3)} ${f(cx + rx * 0.7)} ${f(cy - ry * 0.4)}M${f(cx - rx * 0.3)} ${f(cy + ry * 0.6)}C${f(cx)} ${f(cy + ry * 0.2)} ${f(cx + rx * 0.2)} ${f(cy + ry * 0.7)} ${f(cx + rx * 0.5)} ${f(cy + ry * 0.45)}`;
  return (
    shadow(svg, cx, cy + ry * 0.7, rx * 1.1, ry * 0.8, '#000000', 0.9) +
    `<ellipse cx="${f(cx)}" cy="${f(cy + 10)}" rx="${f(rx)}" ry="${f(ry)}" fill="#cfc7bc"/>` +
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#mbl)" stroke="${metal(svg, 'yellow', 'h')}" stroke-width="5"/>` +
    `<ellipse cx="${f(cx)}" cy="${f(cy + 3)}" rx="${f(rx * 0.86)}" ry="${f(ry * 0.8)}" fill="none" stroke="#000" stroke-opacity=".06" stroke-width="6"/>` +
    `<path d="${veins}" fill="none" stroke="#9e958a" stroke-opacity=".35" stroke-width="1.4"/>`
  );
}

function earringView(svg, d, p, view) {
  const dept = d.dept;
  if (view === 1) {
    backdrop(svg, dept, { floor: 0.62 });
    svg.add(earringPair(svg, d, p, 400, 420, d.type === 'drop' || d.type === 'hoop' || d.type === 'huggie' ? 1.35 : 1.6));
  } else if (view === 2) {
    backdrop(svg, dept, { floor: 0.8, cy: 0.5 });
    const t = d.type;
    if (t === 'drop') svg.add(drop(svg, d, 390, 130, 3.1));
    else if (t === 'hoop' || t === 'huggie') svg.add(hoop(svg, d, p, 380, 400, t === 'huggie' ? 210 : 250, 0.62));
    else if (t === 'pearl-stud') svg.add(stud(svg, d, 390, 400, 190, 'side'));
    else svg.add(stud(svg, d, 400, 400, 180, 'face'));
  } else {
    backdrop(svg, dept, { floor: 0.5 });
    svg.add(tray(svg, dept, 400, 520, 640));
    svg.add(
      earringPair(
        svg,
        d,
        p,
        400,
        d.type === 'drop' ? 500 : 490,
        d.type === 'drop' || d.type === 'hoop' || d.type === 'huggie' ? 0.9 : 1.05,
      ),
    );
  }
}

// ---------------------------------------------------------------------------
// Bracelets
// ---------------------------------------------------------------------------

function braceletWidth(d, p) {
  const mm = parseFloat((p.features.join(' ').match(/(\d+(?:\.\d+)?) mm/) || [])[1] || 0);
  if (d.type === 'tennis')
    return d.dept === 'men' ? (/4\.00/.test(p.features.join()) ? 26 : 22) : /3\.00|3\.20/.test(p.features.join()) ? 22 : 17;
  if (d.type === 'station') return 2.2;
  if (d.type === 'cuban' || d.type === 'link') return 5 + (mm || 6) * 2.2;
  if (d.type === 'cuff') return 10 + (mm || 8) * 3.2;
  if (d.type === 'bangle') return /solid 4 mm/i.test(p.features.join()) ? 20 : /hinged/i.test(p.features.join()) ? 16 : 22;
  return 12;
}

/** The bracelet's material laid along bezier segments at width w. */
function strand(svg, d, p, segs, w, o = {}) {
  const m = d.metal;
  const t = d.type;
  if (t === 'tennis') {
    const pts = sampleCurve(segs, w * 1.08);
    let out = '';
    const link = (gem) => {
      const id = 't' + gem[0] + m.slice(0, 2) + Math.round(w);
      melee(svg, gem);
      svg.def(
        id,
        `<g id="${id}"><rect x="${f(-w * 0.56)}" y="${f(-w * 0.5)}" width="${f(w * 1.12)}" height="${f(w)}" rx="${f(w * 0.3)}" fill="${METALS[m].ramp[0]}"/><circle r="${f(w * 0.55)}" fill="${metal(svg, m, 'r')}"/><use href="#mel${gem[0]}" transform="scale(${(w * 0.023).toFixed(3)})"/></g>`,
      );
      return id;
    };
    pts.forEach((q, i) => {
      const gem = /azure/.test(d.slug) ? (i % 2 ? 'diamond' : 'sapphire') : d.gem === 'black' ? 'black' : 'diamond';
      out += `<use href="#${link(gem)}" transform="translate(${Math.round(q.x)} ${Math.round(q.y)}) rotate(${Math.round(q.a)})"/>`;
    });
    const n = o.glints ?? 3;
    for (let i = 0; i < n; i++) {
      const q = pts[Math.floor(((i + 0.5) / n) * pts.length)];
      if (q) out += sparkle(svg, q.x - w * 0.15, q.y - w * 0.2, w * (w > 30 ? 0.8 : 1.2), 8 * i);
    }
    return out;
  }
  if (t === 'cuban' || t === 'link') return chain(svg, segs, t === 'link' ? 'curb' : 'cuban', m, w);
  if (t === 'station') {
    let out = chain(svg, segs, w > 6 ? 'cable' : 'fine', m, w);
    const pts = sampleCurve(segs, 2);
    const n = o.stations === false ? 0 : /solo/.test(d.slug) ? 1 : 5;
    const span = o.span ?? [0.3, 0.7];
    for (let i = 0; i < n; i++) {
      const q = pts[Math.floor(lerp(span[0], span[1], n === 1 ? 0.5 : i / (n - 1)) * (pts.length - 1))];
      const r = (o.stationR ?? 10) * (d.gem === 'pearl' ? 1.1 : 1);
      if (d.gem === 'pearl') out += pearl(svg, q.x, q.y, r);
      else
        out += svg.place(
          'st' + Math.round(r),
          () =>
            headFaceUp(svg, {
              x: 0,
              y: 0,
              r: d.gem === 'emerald' ? r * 0.8 : r * 0.7,
              metal: m,
              shape: d.gem === 'emerald' ? 'emerald' : 'round',
              gem: d.gem ?? 'diamond',
              setting: 'bezel',
              reach: 0,
              bw: 0,
              glints: 0,
            }),
          q.x,
          q.y,
          ` rotate(${Math.round(q.a + 90)})`,
        );
    }
    return out;
  }
  // bangles and cuffs: a solid band of metal
  const dd = curvePath(segs);
  const [k0, k1, k2, k3, k4] = METALS[m].ramp;
  let out =
    `<path d="${dd}" fill="none" stroke="${k0}" stroke-width="${f(w + 2)}" stroke-linecap="round"/>` +
    `<path d="${dd}" fill="none" stroke="${d.brushed ? metalSatin(svg, m, 'h') : metal(svg, m, 'h')}" stroke-width="${f(w)}" stroke-linecap="round"/>` +
    `<path d="${dd}" fill="none" stroke="${k4}" stroke-opacity=".7" stroke-width="${f(w * 0.16)}" transform="translate(0 ${f(-w * 0.22)})"/>`;
  if (/cable/.test(d.slug))
    out += `<path d="${dd}" fill="none" stroke="${k1}" stroke-opacity=".75" stroke-width="${f(w * 0.9)}" stroke-dasharray="${f(w * 0.12)} ${f(w * 0.3)}"/>`;
  if (d.hammered)
    out += `<path d="${dd}" fill="none" stroke="${k4}" stroke-opacity=".35" stroke-width="${f(w * 0.5)}" stroke-dasharray="${f(w * 0.18)} ${f(w * 0.5)} ${f(w * 0.1)} ${f(w * 0.7)}"/>`;
  if (d.gem === 'diamond') {
    const pts = sampleCurve(segs, w * 0.62);
    const from = Math.floor(pts.length * 0.2),
      to = Math.ceil(pts.length * 0.8);
    for (let i = from; i < to; i++) out += useMelee(svg, 'diamond', pts[i].x, pts[i].y, w * 0.27);
  }
  void k2;
  void k3;
  return out;
}

/** Open cuff lying flat: like bandFlat but with a gap at the back. */
function cuffFlat(svg, o) {
  const { cx, cy, R, metal: m } = o;
  const ry = R * Math.sin(rad(o.elev ?? 30));
  const h = o.h,
    th = o.th ?? 6;
  const g = o.gap ?? 0.32;
  const ring = (t0, t1, rxk, ryk, dy = 0) => {
    const pts = [];
    for (let i = 0; i <= 36; i++) {
      const t = lerp(t0, t1, i / 36);
      pts.push([cx + R * rxk * Math.cos(t), cy + ry * ryk * Math.sin(t) + dy]);
    }
    return pts;
  };
  const back0 = Math.PI,
    back1 = 2 * Math.PI;
  const gapA = 1.5 * Math.PI - g,
    gapB = 1.5 * Math.PI + g;
  const ik = 1 - th / R;
  let out = shadow(svg, cx, cy + h + ry * 0.3, R * 1.1, ry * 0.7, '#000000', 0.8);
  const [k0, , , , k4] = METALS[m].ramp;
  const inner = 'in' + m;
  svg.def(inner, () =>
    linearBox(
      inner,
      [0, 0, 1, 1],
      [
        [0, METALS[m].ramp[0]],
        [0.35, METALS[m].ramp[2]],
        [0.55, METALS[m].ramp[3]],
        [0.75, METALS[m].ramp[1]],
        [1, METALS[m].ramp[0]],
      ],
    ),
  );
  // inner wall of the back half, both sides of the gap
  for (const [a, b] of [
    [back0, gapA],
    [gapB, back1],
  ]) {
    const top = ring(a, b, ik, ik),
      bot = ring(a, b, ik, ik, h);
    out += `<path d="${poly([...top, ...bot.reverse()])}" fill="url(#${inner})"/>`;
    // end caps at the gap
  }
  for (const t of [gapA, gapB]) {
    const a = [cx + R * Math.cos(t), cy + ry * Math.sin(t)],
      b = [cx + R * ik * Math.cos(t), cy + ry * ik * Math.sin(t)];
    out += `<path d="${poly([a, b, [b[0], b[1] + h], [a[0], a[1] + h]])}" fill="${METALS[m].ramp[3]}" stroke="${k0}" stroke-width=".8"/>`;
  }
  // top rim all round (minus gap)
  for (const [a, b] of [[gapB - 2 * Math.PI, gapA]]) {
    const outer = ring(a, b, 1, 1),
      inn = ring(a, b, ik, ik);
    out += `<path d="${poly([...outer, ...inn.reverse()])}" fill="${metal(svg, m, 'd')}"/>`;
  }
  // front outer wall
  const top = ring(0, Math.PI, 1, 1),
    bot = ring(0, Math.PI, 1, 1, h);
  out += `<path d="${poly([...top, ...bot.reverse()])}" fill="${o.finish === 'brushed' ? metalSatin(svg, m, 'h') : metal(svg, m, 'h')}"/>`;
  out += `<path d="M${ring(0.08, Math.PI - 0.08, 1, 1, h * 0.2)
    .map((q) => f(q[0]) + ' ' + f(q[1]))
    .join('L')}" fill="none" stroke="${k4}" stroke-opacity=".6" stroke-width="${f(h * 0.08)}"/>`;
  if (o.hammered) {
    const rnd = svg.rnd;
    let dots = '';
    for (let i = 0; i < 46; i++) {
      const t = rnd.range(0.15, Math.PI - 0.15),
        yy = rnd.range(0.2, 0.85) * h;
      const x = cx + R * Math.cos(t),
        y = cy + ry * Math.sin(t) + yy;
      dots += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(h * 0.09 * Math.sin(t) + 1)}" ry="${f(h * 0.07)}" fill="${rnd() > 0.5 ? '#fff' : k0}" opacity=".22"/>`;
    }
    out += dots;
  }
  return out;
}

/** Display pillow (women: velvet, men: leather) with the bracelet wrapped round it. */
function braceletOnPillow(svg, d, p) {
  const dept = d.dept;
  const col = dept === 'men' ? svg.rnd.pick(['#2a2f35', '#3a332e']) : svg.rnd.pick(['#e9dccd', '#6e2a38', '#26304d']);
  svg.def('pil', () =>
    linearBox(
      'pil',
      [0, 0, 0, 1],
      [
        [0, mix(col, '#ffffff', 0.2)],
        [0.35, col],
        [0.85, mix(col, '#000000', 0.45)],
        [1, mix(col, '#000000', 0.3)],
      ],
    ),
  );
  svg.def('pile', () =>
    radialBox(
      'pile',
      [0.4, 0.35, 0.7],
      [
        [0, mix(col, '#ffffff', 0.12)],
        [1, mix(col, '#000000', 0.35)],
      ],
    ),
  );
  const cx = 400,
    cy = 470,
    L = 250,
    Rp = 105;
  const pillow =
    shadow(svg, cx, cy + Rp + 10, L + 60, 30, '#000000', 1) +
    `<path d="M${cx - L} ${cy - Rp}L${cx + L} ${cy - Rp}A50 ${Rp} 0 0 1 ${cx + L} ${cy + Rp}L${cx - L} ${cy + Rp}Z" fill="url(#pil)"/>` +
    `<ellipse cx="${cx - L}" cy="${cy}" rx="50" ry="${Rp}" fill="url(#pile)"/>`;
  const w = braceletWidth(d, p) * (d.type === 'station' ? 1.2 : 1.05);
  const ex = 78,
    ey = Rp + w * 0.5 + 10;
  const k = 0.5523;
  // loop around the pillow: back half (left arc) then front half (right arc)
  const back = [
    [
      [cx + 10, cy - ey],
      [cx + 10 - ex * k, cy - ey],
      [cx + 10 - ex, cy - ey * k],
      [cx + 10 - ex, cy],
    ],
    [
      [cx + 10 - ex, cy],
      [cx + 10 - ex, cy + ey * k],
      [cx + 10 - ex * k, cy + ey],
      [cx + 10, cy + ey],
    ],
  ];
  const front = [
    [
      [cx + 10, cy - ey],
      [cx + 10 + ex * k, cy - ey],
      [cx + 10 + ex, cy - ey * k],
      [cx + 10 + ex, cy],
    ],
    [
      [cx + 10 + ex, cy],
      [cx + 10 + ex, cy + ey * k],
      [cx + 10 + ex * k, cy + ey],
      [cx + 10, cy + ey],
    ],
  ];
  let out = '';
  if (d.type === 'bangle' || d.type === 'cuff') {
    out += `<path d="${curvePath(back)}" fill="none" stroke="${METALS[d.metal].ramp[0]}" stroke-width="${f(w)}"/>`;
  } else
    out += `<g opacity=".85">${strand(svg, { ...d, gem: d.type === 'station' ? d.gem : d.gem }, p, back, w, { glints: 0, stations: false })}</g>`;
  out += pillow;
  out += `<path d="${curvePath(front)}" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="${f(w + 6)}" transform="translate(6 4)"/>`;
  out += strand(svg, d, p, front, w, { glints: 2, span: [0.2, 0.8], stationR: 15 });
  return out;
}

function braceletView(svg, d, p, view) {
  const dept = d.dept;
  const m = d.metal;
  const w = braceletWidth(d, p);
  if (view === 1) {
    backdrop(svg, dept, { floor: 0.55 });
    if (d.type === 'bangle')
      svg.add(
        bandFlat(svg, {
          cx: 400,
          cy: 360,
          R: 255,
          elev: 30,
          metal: m,
          h: w * 2.1,
          th: 9,
          stones: d.gem === 'diamond' ? 'pave' : null,
          count: 19,
          stoneSize: w * 0.5,
          finish: 'polished',
        }) + (/cable/.test(d.slug) ? cableTwist(svg, 400, 360, 255, 30, w * 2.1, m) : ''),
      );
    else if (d.type === 'cuff')
      svg.add(
        cuffFlat(svg, {
          cx: 400,
          cy: 350,
          R: 250,
          elev: 30,
          metal: m,
          h: w * 1.5,
          th: 10,
          finish: d.brushed ? 'brushed' : 'polished',
          hammered: d.hammered,
        }),
      );
    else {
      const segs = loopSegs(400, 410, 270, 185, 0);
      svg.add(
        `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="${f(w * 1.3 + 4)}" transform="translate(6 12)"/>`,
      );
      svg.add(strand(svg, d, p, segs, d.type === 'station' ? 3 : w, { span: [0.3, 0.7], stationR: /solo/.test(d.slug) ? 30 : 22 }));
      svg.add(boxClasp(svg, 400, 225, w * 1.1, m));
    }
  } else if (view === 2) {
    backdrop(svg, dept, { floor: 0.3, cy: 0.5 });
    const segs = [
      [
        [-60, 560],
        [200, 640],
        [280, 360],
        [430, 380],
      ],
      [
        [430, 380],
        [600, 400],
        [680, 180],
        [880, 160],
      ],
    ];
    if (d.type === 'cuff') {
      svg.add(
        cuffFlat(svg, {
          cx: 400,
          cy: 300,
          R: 330,
          elev: 44,
          metal: m,
          h: w * 2.6,
          th: 14,
          gap: 0.42,
          finish: d.brushed ? 'brushed' : 'polished',
          hammered: d.hammered,
        }),
      );
    } else if (d.type === 'bangle') {
      const R = 300;
      const finish = d.brushed ? 'brushed' : 'polished';
      const bw = w * 3.2;
      svg.add(
        ringUpright(svg, {
          cx: 340,
          cy: 420,
          R,
          k: 0.42,
          bw,
          th: 18,
          metal: m,
          finish,
          bandStones:
            d.gem === 'diamond' ? (band, v) => uprightStones(svg, band, v, { stones: 'pave', metal: m, size: bw * 0.16, count: 17 }) : null,
        }),
      );
    } else {
      svg.add(
        `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="${f(w * 3.4)}" transform="translate(8 14)"/>`,
      );
      svg.add(
        strand(svg, d, p, segs, d.type === 'station' ? 4 : d.type === 'tennis' ? w * 2.2 : w * 3, {
          glints: 3,
          span: [0.35, 0.65],
          stationR: 34,
        }),
      );
    }
  } else {
    backdrop(svg, dept, { floor: 0.5 });
    svg.add(`<g transform="translate(-90 -96) scale(1.22)">${braceletOnPillow(svg, d, p)}</g>`);
  }
}

/** Twisted cable texture over the front wall of a flat bangle. */
function cableTwist(svg, cx, cy, R, elev, h, m) {
  const ry = R * Math.sin(rad(elev));
  let dd = '';
  for (let i = 1; i < 40; i++) {
    const t = (i / 40) * Math.PI;
    const x = cx + R * Math.cos(t),
      y = cy + ry * Math.sin(t);
    const sx = Math.sin(t);
    dd += `M${f(x - h * 0.25 * sx)} ${f(y + h * 0.1)}L${f(x + h * 0.25 * sx)} ${f(y + h * 0.9)}`;
  }
  return `<path d="${dd}" stroke="${METALS[m].ramp[0]}" stroke-opacity=".45" stroke-width="${f(h * 0.06)}"/>`;
}

/** Box clasp with safety lock, at (x, y). */
function boxClasp(svg, x, y, w, m) {
  const bw = w * 2.2,
    bh = w * 1.3;
  return (
    `<rect x="${f(x - bw / 2)}" y="${f(y - bh / 2)}" width="${f(bw)}" height="${f(bh)}" rx="${f(w * 0.2)}" fill="${metal(svg, m, 'v')}" stroke="${METALS[m].ramp[0]}" stroke-width=".8"/>` +
    `<path d="M${f(x - bw * 0.3)} ${f(y)}L${f(x + bw * 0.3)} ${f(y)}" stroke="${METALS[m].ramp[4]}" stroke-width="${f(w * 0.12)}"/>`
  );
}

function signetShape(p) {
  if (/squared/i.test(p.description)) return 'square';
  if (/cushion/i.test(p.description)) return 'cushion';
  return 'oval';
}

function signetFaceUp(svg, d, p) {
  const face = signetShape(p);
  const outl = signetOutline(face);
  const r = 230;
  let out = '';
  const m = d.metal;
  for (const side of [-1, 1]) {
    const x0 = 400 + side * 420,
      x1 = 400 + side * r * 0.6;
    out += `<path d="M${f(x0)} ${f(400 - 70)}Q${f((x0 + x1) / 2)} ${f(400 - 80)} ${f(x1)} ${f(400 - 120)}L${f(x1)} ${f(400 + 120)}Q${f((x0 + x1) / 2)} ${f(400 + 80)} ${f(x0)} ${f(400 + 70)}Z" fill="${metal(svg, m, 'v')}"/>`;
  }
  out += shadow(svg, 410, 420, r * 1.15, r * 1.0, '#000000', 0.6);
  const edge = [];
  for (let i = 0; i < 48; i++) {
    const a = (i / 48) * TAU;
    const [x, z] = outl(Math.cos(a), Math.sin(a));
    edge.push([400 + x * r, 400 + z * r]);
  }
  out += `<path d="${poly(edge)}" fill="${metal(svg, m, 'd')}"/>`;
  out += signetFace(
    svg,
    { metal: m, pave: d.gem === 'black' ? 'black' : null, finish: d.brushed ? 'brushed' : 'polished' },
    ([x, z]) => [400 + x * r, 400 + z * r],
    outl,
    r,
  );
  return out;
}

/** The colour of a metal a piece is offered in ("14K Rose Gold": rose), for its own artwork. */
function metalColour(choice) {
  const c = choice.toLowerCase();
  for (const [re, key] of [
    [/rose/, 'rose'],
    [/white/, 'white'],
    [/yellow/, 'yellow'],
    [/platinum/, 'platinum'],
    [/silver|sterling/, 'silver'],
    [/black/, 'black'],
  ]) {
    if (re.test(c)) return key;
  }
  throw new Error(`no colour for the metal ${choice}`);
}

/** A metal in a file name: "14K Rose Gold" is "14k-rose-gold" (the seed's metalSlug, seed-catalogue.ts). */
const metalSlug = (choice) => choice.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** view: 1 to 3; metal: a colour of METALS to draw it in instead of the one its words name (a metal offered). */
function productSvg(p, view, metal) {
  const d = { ...describe(p), slug: p.slug, ...(metal ? { metal } : {}) };
  const svg = new Svg(800, 800, `${p.slug}#${view}`);
  const fn = { rings: ringView, necklaces: necklaceView, earrings: earringView, bracelets: braceletView }[d.kind];
  fn(svg, d, p, view);
  if (svg.vignette) svg.add(svg.vignette);
  return svg.toString();
}

// ---------------------------------------------------------------------------
// Category still lifes (1200 x 900)
// ---------------------------------------------------------------------------

/** A minimal product stand-in so the product painters can be reused in compositions. */
function piece(kind, type, metal, extra = {}) {
  const dept = extra.dept ?? 'women';
  return {
    dept,
    kind,
    type,
    metal,
    gem: extra.gem ?? 'diamond',
    shape: extra.shape ?? 'round',
    brushed: false,
    hammered: false,
    prongs: extra.prongs ?? 4,
    bezel: extra.bezel ?? false,
    small: false,
    slug: extra.slug ?? `${type}-${metal}`,
  };
}
const P0 = (features = [], description = '', slug = '') => ({ features, description, slug });

/** Soft silk drape: broad folds across the frame. */
function silk(svg, col, o = {}) {
  const { w, h } = svg;
  const id = 'silk' + col.slice(1);
  svg.def(id, () =>
    linear(
      id,
      [0, 0, w * 0.2, h],
      [
        [0, mix(col, '#ffffff', 0.35)],
        [0.25, col],
        [0.45, mix(col, '#000000', 0.18)],
        [0.6, mix(col, '#ffffff', 0.3)],
        [0.8, col],
        [1, mix(col, '#000000', 0.25)],
      ],
      true,
    ),
  );
  const y0 = h * (o.top ?? 0.55);
  let out = `<path d="M0 ${f(y0)}C${f(w * 0.25)} ${f(y0 - h * 0.12)} ${f(w * 0.55)} ${f(y0 + h * 0.1)} ${f(w)} ${f(y0 - h * 0.06)}L${w} ${h}L0 ${h}Z" fill="url(#${id})"/>`;
  svg.def(
    'soft',
    `<filter id="soft" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="${f(h * 0.02)}"/></filter>`,
  );
  let folds = '';
  for (let i = 0; i < 2; i++) {
    const yy = y0 + h * (0.12 + i * 0.16);
    folds += `<path d="M${f(-w * 0.05)} ${f(yy)}C${f(w * 0.3)} ${f(yy - h * 0.1)} ${f(w * 0.6)} ${f(yy + h * 0.1)} ${f(w * 1.05)} ${f(yy - h * 0.04)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="${f(h * 0.05)}"/>`;
    folds += `<path d="M${f(-w * 0.05)} ${f(yy + h * 0.07)}C${f(w * 0.3)} ${f(yy - h * 0.02)} ${f(w * 0.6)} ${f(yy + h * 0.16)} ${f(w * 1.05)} ${f(yy + h * 0.03)}" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="${f(h * 0.06)}"/>`;
  }
  return out + `<g filter="url(#soft)">${folds}</g>`;
}

/** Round plinth (marble for women, slate for men). */
function plinth(svg, cx, cy, rx, hgt, dept) {
  const top = dept === 'men' ? '#59626b' : '#f7f3ee',
    side = dept === 'men' ? '#2f353b' : '#ddd4c8';
  const id = 'pl' + dept;
  svg.def(id, () =>
    linearBox(
      id,
      [0, 0, 1, 0],
      [
        [0, mix(side, '#000000', 0.2)],
        [0.35, side],
        [0.5, mix(side, '#ffffff', 0.25)],
        [1, mix(side, '#000000', 0.3)],
      ],
    ),
  );
  const ry = rx * 0.22;
  return (
    shadow(svg, cx + rx * 0.15, cy + hgt + ry * 0.4, rx * 1.35, ry * 1.2, '#000000', 0.9) +
    `<path d="M${f(cx - rx)} ${f(cy)}L${f(cx - rx)} ${f(cy + hgt)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(cy + hgt)}L${f(cx + rx)} ${f(cy)}Z" fill="url(#${id})"/>` +
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${top}"/>` +
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`
  );
}

const g = (x, y, s, body) => `<g transform="translate(${f(x)} ${f(y)}) scale(${s})">${body}</g>`;

function categorySvg(id) {
  const svg = new Svg(1200, 900, 'category:' + id);
  const dept = id.startsWith('men') ? 'men' : 'women';
  backdrop(svg, dept, { floor: 0.55, cy: 0.35 });
  switch (id) {
    case 'women-rings': {
      svg.add(silk(svg, '#ead9c2', { top: 0.62 }));
      svg.add(plinth(svg, 600, 560, 190, 170, dept));
      svg.add(
        ringUpright(svg, {
          cx: 600,
          cy: 420,
          R: 135,
          metal: 'platinum',
          bw: 20,
          th: 10,
          head: { shape: 'oval', gem: 'diamond', r: 68, setting: 'prong6' },
        }),
      );
      svg.add(
        g(
          175,
          520,
          0.8,
          bandFlat(svg, { cx: 150, cy: 150, R: 150, elev: 30, metal: 'yellow', h: 30, stones: 'eternity', count: 14, stoneSize: 12 }),
        ),
      );
      svg.add(
        ringUpright(svg, {
          cx: 960,
          cy: 640,
          R: 105,
          metal: 'rose',
          bw: 16,
          th: 8,
          head: { shape: 'round', gem: 'diamond', r: 38, setting: 'halo' },
        }),
      );
      break;
    }
    case 'women-necklaces': {
      svg.add(
        g(
          140,
          110,
          1.0,
          bust(svg, 'women', { cloth: '#2b2220' }).out +
            `<path d="${curvePath([
              [
                [326, 236],
                [322, 340],
                [352, 540],
                [400, 540],
              ],
              [
                [400, 540],
                [448, 540],
                [478, 340],
                [474, 236],
              ],
            ])}" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="4" transform="translate(2 6)"/>` +
            riviere(
              svg,
              piece('necklaces', 'riviere', 'white'),
              [
                [
                  [326, 236],
                  [322, 340],
                  [352, 540],
                  [400, 540],
                ],
                [
                  [400, 540],
                  [448, 540],
                  [478, 340],
                  [474, 236],
                ],
              ],
              11,
            ),
        ),
      );
      svg.add(silk(svg, '#e7d6c0', { top: 0.8 }));
      svg.add(pearlStrand(svg, loopSegs(900, 690, 170, 90, 0.05), 10));
      svg.add(
        g(
          830,
          300,
          1,
          chain(
            svg,
            [
              [
                [0, -340],
                [40, -150],
                [100, -40],
                [110, 0],
              ],
              [
                [110, 0],
                [120, -40],
                [180, -150],
                [220, -340],
              ],
            ],
            'fine',
            'yellow',
            2.2,
          ) + pendant(svg, piece('necklaces', 'halo-pendant', 'yellow', { gem: 'sapphire', shape: 'pear' }), 110, 0, 1.7),
        ),
      );
      break;
    }
    case 'women-earrings': {
      svg.add(silk(svg, '#ecdcc6', { top: 0.66 }));
      svg.add(tray(svg, dept, 600, 650, 720));
      svg.add(g(600, 630, 1, earringPair(svg, piece('earrings', 'stud', 'white'), P0(), 0, 0, 0.9)));
      svg.add(g(240, 280, 1, drop(svg, { ...piece('earrings', 'drop', 'yellow', { gem: 'emerald', slug: 'drop-e' }) }, 0, 0, 1.9)));
      svg.add(g(960, 430, 1, hoop(svg, piece('earrings', 'hoop', 'rose'), P0([], '', 'hoop'), 0, 0, 125, 0.6)));
      break;
    }
    case 'women-bracelets': {
      svg.add(silk(svg, '#e8d5bd', { top: 0.6 }));
      svg.add(g(250, 170, 1.1, bandFlat(svg, { cx: 300, cy: 200, R: 220, elev: 32, metal: 'yellow', h: 44, th: 9 })));
      const segs = loopSegs(640, 620, 330, 150, 0);
      svg.add(
        `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="30" transform="translate(6 12)"/>`,
      );
      svg.add(strand(svg, piece('bracelets', 'tennis', 'white', { slug: 'tennis' }), P0(), segs, 22, { glints: 4 }));
      break;
    }
    case 'men-rings': {
      svg.add(plinth(svg, 640, 600, 220, 160, dept));
      svg.add(signetUpright(svg, { cx: 640, cy: 440, R: 150, metal: 'yellow', face: 'oval' }));
      svg.add(g(60, 560, 0.85, bandFlat(svg, { cx: 250, cy: 150, R: 190, elev: 30, metal: 'black', h: 58, stones: 'ridge' })));
      svg.add(ringUpright(svg, { cx: 1010, cy: 640, R: 110, metal: 'platinum', k: 0.5, bw: 44, th: 10, finish: 'brushed' }));
      break;
    }
    case 'men-necklaces': {
      const segs = loopSegs(520, 470, 330, 260, 0.08);
      svg.add(
        `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="26" transform="translate(8 14)"/>`,
      );
      svg.add(chain(svg, segs, 'cuban', 'yellow', 26));
      svg.add(
        g(
          930,
          180,
          1,
          chain(
            svg,
            [
              [
                [-80, -200],
                [-40, 0],
                [0, 60],
                [40, 80],
              ],
              [
                [40, 80],
                [80, 60],
                [120, 0],
                [160, -200],
              ],
            ],
            'fine',
            'white',
            3,
          ) + pendant(svg, piece('necklaces', 'dogtag', 'white', { gem: 'sapphire', dept: 'men' }), 40, 80, 2.3),
        ),
      );
      break;
    }
    case 'men-earrings': {
      svg.add(tray(svg, dept, 600, 600, 820));
      const st = piece('earrings', 'stud', 'black', { gem: 'black', bezel: true, dept: 'men' });
      svg.add(stud(svg, st, 400, 540, 62, 'face'), stud(svg, st, 560, 560, 60, 'side'));
      const hg = piece('earrings', 'huggie', 'yellow', { gem: null, dept: 'men' });
      svg.add(hoop(svg, hg, P0([], 'squared'), 780, 510, 80, 0.8), hoop(svg, hg, P0([], 'squared'), 920, 520, 80, 0.45));
      break;
    }
    case 'men-bracelets': {
      svg.add(g(160, 150, 1.1, cuffFlat(svg, { cx: 300, cy: 200, R: 230, elev: 30, metal: 'silver', h: 50, th: 10, hammered: true })));
      const segs = loopSegs(700, 610, 330, 160, 0);
      svg.add(
        `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="34" transform="translate(8 14)"/>`,
      );
      svg.add(chain(svg, segs, 'cuban', 'yellow', 30));
      break;
    }
    default:
      throw new Error('unknown category ' + id);
  }
  svg.add(svg.vignette);
  return svg.toString();
}

// ---------------------------------------------------------------------------
// Hero slides (1920 x 1080): editorial, text-free, negative space on the left
// ---------------------------------------------------------------------------

function velvet(svg, col) {
  const { w, h } = svg;
  svg.def('vel', () =>
    radial(
      'vel',
      [w * 0.68, h * 0.42, w * 0.75],
      [
        [0, mix(col, '#ffffff', 0.16)],
        [0.5, col],
        [1, mix(col, '#000000', 0.6)],
      ],
      true,
    ),
  );
  let out = `<rect width="${w}" height="${h}" fill="url(#vel)"/>`;
  svg.def('velb', '<filter id="velb" x="-20%" y="-10%" width="140%" height="120%"><feGaussianBlur stdDeviation="38"/></filter>');
  // long soft folds
  let folds = '';
  for (let i = 0; i < 5; i++) {
    const x = w * (0.1 + i * 0.2);
    folds += `<path d="M${f(x)} -60C${f(x + 160)} ${f(h * 0.35)} ${f(x - 120)} ${f(h * 0.65)} ${f(x + 80)} ${h + 60}" fill="none" stroke="${i % 2 ? '#000' : '#fff'}" stroke-opacity="${i % 2 ? 0.28 : 0.1}" stroke-width="${110 + i * 14}"/>`;
  }
  return out + `<g filter="url(#velb)">${folds}</g>`;
}

function heroSvg(n) {
  const svg = new Svg(1920, 1080, 'hero:' + n);
  switch (n) {
    case 1: {
      // the solitaire, face up, filling the right of the frame
      backdrop(svg, 'women', { floor: 0.8, cx: 0.66, cy: 0.45, pal: BACKDROPS.women[0] });
      svg.add(shadow(svg, 1330, 700, 520, 160, '#3a2a18', 0.5));
      svg.add(
        headFaceUp(svg, {
          x: 1320,
          y: 540,
          r: 300,
          metal: 'platinum',
          shape: 'round',
          gem: 'diamond',
          setting: 'prong6',
          bw: 150,
          reach: 1400,
        }),
      );
      svg.add(sparkle(svg, 1120, 330, 120, 10), sparkle(svg, 1560, 720, 70, -8), sparkle(svg, 1480, 360, 46, 20));
      break;
    }
    case 2: {
      svg.add(velvet(svg, '#3a0f1d'));
      const segs = [
        [
          [880, -40],
          [900, 420],
          [1120, 820],
          [1400, 830],
        ],
        [
          [1400, 830],
          [1680, 840],
          [1820, 420],
          [1900, -40],
        ],
      ];
      svg.add(
        `<path d="${curvePath(segs)}" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="22" transform="translate(10 18)"/>`,
      );
      svg.add(riviere(svg, piece('necklaces', 'riviere', 'white'), segs, 26));
      svg.add(sparkle(svg, 1390, 800, 110, 0), sparkle(svg, 1180, 700, 60, 15));
      break;
    }
    case 3: {
      backdrop(svg, 'men', {
        floor: 0.55,
        cx: 0.7,
        cy: 0.4,
        pal: { hi: '#9aa4ad', mid: '#5d6770', lo: '#262c32', floor: '#444c54', shadow: '#0b0e11' },
      });
      const segs = [
        [
          [760, 1120],
          [900, 820],
          [1100, 760],
          [1300, 840],
        ],
        [
          [1300, 840],
          [1500, 920],
          [1700, 860],
          [1960, 640],
        ],
      ];
      svg.add(chain(svg, segs, 'cuban', 'yellow', 44));
      svg.add(signetUpright(svg, { cx: 1270, cy: 560, R: 170, metal: 'black', face: 'square', pave: 'black' }));
      svg.add(ringUpright(svg, { cx: 1640, cy: 600, R: 130, metal: 'platinum', k: 0.5, bw: 56, th: 12, finish: 'brushed' }));
      break;
    }
    case 4: {
      // atelier sketch: paper, pencil drawing of a ring, a loose gem and a pencil
      svg.def('ppr', () =>
        radial(
          'ppr',
          [1300, 500, 1300],
          [
            [0, '#fffdf8'],
            [0.7, '#f3ece0'],
            [1, '#d9ccb6'],
          ],
          true,
        ),
      );
      svg.add(`<rect width="1920" height="1080" fill="url(#ppr)"/>`);
      svg.add(ringSketch(svg, 1180, 520, 1.5));
      svg.add(shadow(svg, 1660, 760, 150, 40, '#3a2a18', 0.8));
      svg.add(gemstone(svg, { x: 1640, y: 690, r: 95, shape: 'round', gem: 'sapphire', elev: 40, spin: 14 }));
      svg.add(pencil(svg, 1500, 980, -28, 1.4));
      break;
    }
    default: {
      // bridal set on champagne silk
      backdrop(svg, 'women', { floor: 0.6, cx: 0.68, cy: 0.42, pal: BACKDROPS.women[1] });
      svg.add(silk(svg, '#ecdcc8', { top: 0.62 }));
      svg.add(
        ringUpright(svg, {
          cx: 1220,
          cy: 590,
          R: 210,
          metal: 'platinum',
          bw: 30,
          th: 14,
          head: { shape: 'round', gem: 'diamond', r: 82, setting: 'halo' },
        }),
      );
      svg.add(
        g(
          1320,
          640,
          1,
          bandFlat(svg, { cx: 260, cy: 150, R: 230, elev: 28, metal: 'platinum', h: 36, stones: 'eternity', count: 15, stoneSize: 14 }),
        ),
      );
      for (let i = 0; i < 7; i++) {
        const x = 980 + svg.rnd() * 860,
          y = 820 + svg.rnd() * 200;
        svg.add(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(24 + svg.rnd() * 16)}" ry="${f(12 + svg.rnd() * 8)}" transform="rotate(${f(svg.rnd() * 180)} ${f(x)} ${f(y)})" fill="#f6e3dc" opacity=".85"/>`,
        );
      }
    }
  }
  if (svg.vignette) svg.add(svg.vignette);
  return svg.toString();
}

/** Pencil sketch of a solitaire: construction lines, outline and a colour wash on the stone. */
function ringSketch(svg, cx, cy, s) {
  const line = (d, w = 1.6, op = 0.75) =>
    `<path d="${d}" fill="none" stroke="#4a4a52" stroke-opacity="${op}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const X = (v) => f(cx + v * s),
    Y = (v) => f(cy + v * s);
  let out = '';
  // construction: centre lines and circles
  out += line(`M${X(-260)} ${Y(0)}L${X(260)} ${Y(0)}M${X(0)} ${Y(-300)}L${X(0)} ${Y(260)}`, 1, 0.25);
  out += `<circle cx="${X(0)}" cy="${Y(40)}" r="${f(200 * s)}" fill="none" stroke="#4a4a52" stroke-opacity=".25" stroke-dasharray="6 6"/>`;
  // band, drawn twice slightly offset as a hand would
  for (const o of [0, 3]) {
    out += line(
      `M${X(-160 + o)} ${Y(-90)}C${X(-260)} ${Y(40)} ${X(-160)} ${Y(230)} ${X(0)} ${Y(236 - o)}C${X(160)} ${Y(230)} ${X(260)} ${Y(40)} ${X(160 - o)} ${Y(-90)}`,
      o ? 1 : 2.2,
      o ? 0.4 : 0.8,
    );
    out += line(
      `M${X(-128)} ${Y(-70)}C${X(-210)} ${Y(40)} ${X(-130)} ${Y(196)} ${X(0)} ${Y(200 + o)}C${X(130)} ${Y(196)} ${X(210)} ${Y(40)} ${X(128)} ${Y(-70)}`,
      o ? 1 : 1.8,
      o ? 0.35 : 0.7,
    );
  }
  // head and stone outline
  out += line(`M${X(-160)} ${Y(-90)}L${X(-70)} ${Y(-120)}M${X(160)} ${Y(-90)}L${X(70)} ${Y(-120)}`, 2);
  const stone = [
    [-100, -170],
    [-62, -212],
    [62, -212],
    [100, -170],
    [0, -60],
  ];
  out += `<path d="${poly(stone.map(([a, b]) => [cx + a * s, cy + b * s]))}" fill="#5b83d6" fill-opacity=".28"/>`;
  out += line(
    `M${X(-100)} ${Y(-170)}L${X(-62)} ${Y(-212)}L${X(62)} ${Y(-212)}L${X(100)} ${Y(-170)}L${X(0)} ${Y(-60)}Z M${X(-100)} ${Y(-170)}L${X(100)} ${Y(-170)}M${X(-62)} ${Y(-212)}L${X(-30)} ${Y(-170)}L${X(0)} ${Y(-212)}L${X(30)} ${Y(-170)}L${X(62)} ${Y(-212)}M${X(-30)} ${Y(-170)}L${X(0)} ${Y(-60)}L${X(30)} ${Y(-170)}`,
    1.8,
  );
  out += line(
    `M${X(-92)} ${Y(-178)}L${X(-70)} ${Y(-120)}L${X(-40)} ${Y(-110)}M${X(92)} ${Y(-178)}L${X(70)} ${Y(-120)}L${X(40)} ${Y(-110)}`,
    2.4,
  );
  // hatching for shade
  let hatch = '';
  for (let i = 0; i < 9; i++) hatch += `M${X(150 + i * 4)} ${Y(-40 + i * 22)}l${f(26 * s)} ${f(-14 * s)}`;
  out += line(hatch, 1, 0.45);
  // small top view at the side, and dimension marks (no lettering)
  const tx = cx + 330 * s,
    ty = cy - 170 * s;
  out += `<circle cx="${f(tx)}" cy="${f(ty)}" r="${f(46 * s)}" fill="#5b83d6" fill-opacity=".18" stroke="#4a4a52" stroke-opacity=".7" stroke-width="1.6"/>`;
  let star = '';
  for (let i = 0; i < 8; i++) {
    const a = rad(i * 45);
    star += `M${f(tx)} ${f(ty)}L${f(tx + Math.cos(a) * 46 * s)} ${f(ty + Math.sin(a) * 46 * s)}`;
  }
  out += line(star, 1, 0.4);
  out += line(
    `M${f(tx - 46 * s)} ${f(ty + 70 * s)}L${f(tx + 46 * s)} ${f(ty + 70 * s)}M${f(tx - 46 * s)} ${f(ty + 62 * s)}l0 ${f(16 * s)}M${f(tx + 46 * s)} ${f(ty + 62 * s)}l0 ${f(16 * s)}`,
    1.2,
    0.55,
  );
  return out;
}

function pencil(svg, x, y, a, s) {
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${a}) scale(${s})">` +
    `<rect x="-6" y="14" width="330" height="22" rx="3" fill="#000" opacity=".12"/>` +
    `<path d="M0 0L40 -11L40 11Z" fill="#e9cfa8"/><path d="M0 0L12 -3.3L12 3.3Z" fill="#3a3a40"/>` +
    `<rect x="40" y="-11" width="240" height="22" fill="#2f3b36"/><rect x="40" y="-11" width="240" height="6" fill="#4d5d56"/>` +
    `<rect x="280" y="-11" width="26" height="22" fill="${metal(svg, 'yellow', 'v')}"/><rect x="306" y="-11" width="22" height="22" rx="4" fill="#d98c8c"/></g>`
  );
}

// ---------------------------------------------------------------------------
// Brand, About and Custom Design artwork
// ---------------------------------------------------------------------------

/** The faceted-diamond mark, in a unit box (0..100 wide, 0..88 high). */
function diamondMark(fillCrown, fillPav, line) {
  return (
    `<path d="M22 4L78 4L100 30L50 88L0 30Z" fill="${fillPav}"/>` +
    `<path d="M22 4L78 4L100 30L0 30Z" fill="${fillCrown}"/>` +
    `<path d="M22 4L78 4L100 30L50 88L0 30ZM0 30L100 30M22 4L34 30L50 4L66 30L78 4M34 30L50 88L66 30" fill="none" stroke="${line}" stroke-width="2.6" stroke-linejoin="round"/>`
  );
}

/** Geometric capitals for the wordmark, drawn as strokes on a 60 x 80 cell. */
const LETTERS = {
  F: 'M8 2L8 78M8 2L52 2M8 38L44 38',
  A: 'M4 78L30 2L56 78M14 50L46 50',
  C: 'M54 14C46 4 38 2 30 2C14 2 4 18 4 40C4 62 14 78 30 78C38 78 46 76 54 66',
  E: 'M8 2L8 78M8 2L52 2M8 38L46 38M8 78L52 78',
  T: 'M2 2L58 2M30 2L30 78',
};

function logoSvg() {
  const svg = new Svg(560, 120, 'logo');
  svg.def('gold', () =>
    linear(
      'gold',
      [0, 0, 0, 120],
      [
        [0, '#f5dc94'],
        [0.45, '#c9973a'],
        [0.6, '#a8741f'],
        [1, '#e8c26a'],
      ],
      true,
    ),
  );
  svg.def('goldc', () =>
    linear(
      'goldc',
      [0, 8, 0, 40],
      [
        [0, '#fff4cc'],
        [1, '#d9a845'],
      ],
      true,
    ),
  );
  svg.add(`<g transform="translate(14 22) scale(.86)">${diamondMark('url(#goldc)', 'url(#gold)', '#8a5d1c')}</g>`);
  let x = 140;
  for (const ch of 'FACET') {
    svg.add(
      `<path d="${LETTERS[ch]}" transform="translate(${x} 20)" fill="none" stroke="url(#gold)" stroke-width="7" stroke-linecap="square" stroke-linejoin="miter"/>`,
    );
    x += 84;
  }
  return svg.toString();
}

function faviconSvg() {
  const svg = new Svg(64, 64, 'favicon');
  svg.def('fbg', () =>
    linear(
      'fbg',
      [0, 0, 0, 64],
      [
        [0, '#2a2320'],
        [1, '#14110f'],
      ],
      true,
    ),
  );
  svg.def('gold', () =>
    linear(
      'gold',
      [0, 10, 0, 56],
      [
        [0, '#f5dc94'],
        [0.5, '#c9973a'],
        [1, '#a8741f'],
      ],
      true,
    ),
  );
  svg.def('goldc', () =>
    linear(
      'goldc',
      [0, 12, 0, 28],
      [
        [0, '#fff4cc'],
        [1, '#d9a845'],
      ],
      true,
    ),
  );
  svg.add('<rect width="64" height="64" rx="14" fill="url(#fbg)"/>');
  svg.add(`<g transform="translate(8 11.5) scale(.48)">${diamondMark('url(#goldc)', 'url(#gold)', '#6b4510')}</g>`);
  return svg.toString();
}

/** The atelier bench: pin, tools, mandrel with a ring, loupe, a paper of stones, lamp light. */
function atelierSvg() {
  const svg = new Svg(1200, 800, 'atelier');
  svg.def('wall', () =>
    linear(
      'wall',
      [0, 0, 0, 520],
      [
        [0, '#3b302a'],
        [1, '#5a4a3e'],
      ],
      true,
    ),
  );
  svg.def('wood', () =>
    linear(
      'wood',
      [0, 470, 0, 800],
      [
        [0, '#b07a4a'],
        [0.1, '#8f5f36'],
        [1, '#5a3a22'],
      ],
      true,
    ),
  );
  svg.def('lamp', () =>
    radial(
      'lamp',
      [640, 430, 560],
      [
        [0, '#fff3d6', 0.85],
        [0.5, '#ffe2a8', 0.25],
        [1, '#ffe2a8', 0],
      ],
      true,
    ),
  );
  svg.add('<rect width="1200" height="800" fill="url(#wall)"/>');
  // pegboard of tools on the wall
  let holes = '';
  for (let y = 60; y < 420; y += 40) for (let x = 60; x < 1160; x += 40) holes += `M${x} ${y}h.1`;
  svg.add(`<path d="${holes}" stroke="#2a221d" stroke-width="7" stroke-linecap="round"/>`);
  const tool = (x, y, len, a, col) =>
    `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-5" y="0" width="10" height="${len * 0.55}" rx="4" fill="${col}"/><rect x="-2.5" y="${len * 0.55}" width="5" height="${len * 0.45}" fill="${metal(svg, 'silver', 'h')}"/></g>`;
  svg.add(
    tool(180, 90, 200, 0, '#7a3b2a'),
    tool(240, 90, 180, 4, '#2f3b36'),
    tool(300, 90, 220, -3, '#7a3b2a'),
    tool(360, 90, 170, 2, '#36322e'),
  );
  // pliers
  svg.add(
    `<g transform="translate(470 100)" fill="none" stroke-linecap="round"><path d="M0 0Q-20 120 -12 210M24 0Q44 120 36 210" stroke="#8a2f2f" stroke-width="14"/><path d="M0 0L10 -50M24 0L14 -50" stroke="${metal(svg, 'silver', 'v')}" stroke-width="9"/></g>`,
  );
  // lamp arm and shade
  svg.add(
    `<path d="M1080 0L980 180L760 250" fill="none" stroke="#1f1a17" stroke-width="14" stroke-linecap="round"/><path d="M700 232L830 262L800 320L690 296Z" fill="#2a2420"/><ellipse cx="748" cy="306" rx="62" ry="12" fill="#fff1c9" opacity=".9"/>`,
  );
  svg.add(`<rect width="1200" height="800" fill="url(#lamp)"/>`);
  // bench top with the classic cut-out and leather skin
  svg.add('<path d="M0 470L1200 470L1200 800L0 800Z" fill="url(#wood)"/>');
  svg.add('<path d="M0 470L1200 470" stroke="#d9a877" stroke-width="4"/>');
  svg.add(
    '<path d="M420 470Q600 640 780 470Z" fill="#2b211b"/><path d="M440 470Q600 610 760 470" fill="none" stroke="#7a5a3a" stroke-width="3"/>',
  );
  // bench pin
  svg.add('<path d="M540 455L660 455L700 500L500 500Z" fill="#c89a62"/><path d="M600 470L585 500L615 500Z" fill="#2b211b"/>');
  // ring mandrel lying on the bench with a ring on it
  svg.add(
    `<path d="M120 540L420 520L420 548L120 560Z" fill="${metal(svg, 'silver', 'v')}"/><rect x="60" y="530" width="70" height="38" rx="8" fill="#6b4a2a"/>`,
  );
  svg.add(ringUpright(svg, { cx: 300, cy: 536, R: 34, k: 0.45, bw: 12, th: 5, metal: 'yellow' }));
  // loupe
  svg.add(
    `<g transform="translate(900 560)"><ellipse rx="60" ry="22" fill="#000" opacity=".25" transform="translate(8 14)"/><circle r="46" fill="#1d1b1a"/><circle r="36" fill="#9fb6c8" opacity=".55"/><path d="M-22-18A30 30 0 0 1 18-26" stroke="#fff" stroke-width="5" fill="none" opacity=".7"/><rect x="40" y="-8" width="120" height="16" rx="8" fill="#1d1b1a" transform="rotate(24)"/></g>`,
  );
  // stone paper with loose diamonds
  svg.add(
    `<path d="M640 600L820 585L850 700L660 720Z" fill="#f7f2ea"/><path d="M640 600L820 585L850 700L660 720Z" fill="none" stroke="#d8cdbd" stroke-width="2"/>`,
  );
  svg.add(
    gemstone(svg, { x: 720, y: 645, r: 22, gem: 'diamond', elev: 70 }),
    gemstone(svg, { x: 780, y: 670, r: 16, gem: 'diamond', elev: 70, spin: 20 }),
    gemstone(svg, { x: 760, y: 620, r: 13, gem: 'sapphire', elev: 70 }),
  );
  // tweezers
  svg.add(`<path d="M960 720L1140 640M966 730L1146 652" stroke="${metal(svg, 'silver', 'd')}" stroke-width="7" stroke-linecap="round"/>`);
  svg.add(sparkle(svg, 722, 638, 40, 0));
  return svg.toString();
}

/** The craftsman at the bench, in silhouette against the lamp, setting a stone under the loupe. */
function craftsmanSvg() {
  const svg = new Svg(1200, 800, 'craftsman');
  svg.def('cbg', () =>
    radial(
      'cbg',
      [820, 300, 900],
      [
        [0, '#f3dfb8'],
        [0.35, '#b98a55'],
        [1, '#3a2a1e'],
      ],
      true,
    ),
  );
  svg.def('fig', () =>
    linear(
      'fig',
      [0, 0, 600, 0],
      [
        [0, '#1c1714'],
        [1, '#33281f'],
      ],
      true,
    ),
  );
  svg.def('apr', () =>
    linear(
      'apr',
      [300, 300, 600, 800],
      [
        [0, '#4a3a2c'],
        [1, '#2a211a'],
      ],
      true,
    ),
  );
  svg.add('<rect width="1200" height="800" fill="url(#cbg)"/>');
  // window light rays
  svg.add('<path d="M760 0L1200 0L1200 420Z" fill="#fff" opacity=".08"/><path d="M900 0L1200 0L1200 230Z" fill="#fff" opacity=".08"/>');
  // figure: head, loupe, shoulders, arms, apron
  svg.add('<path d="M150 800C160 620 210 480 330 430C380 410 450 404 500 420C600 452 650 560 660 800Z" fill="url(#fig)"/>');
  svg.add('<path d="M330 470L520 470L560 800L300 800Z" fill="url(#apr)"/>');
  // head in profile, facing the work: brow, nose, lips, chin, neck
  svg.add(
    '<path d="M392 440Q380 390 386 350Q350 330 340 280Q330 200 380 160Q430 124 488 140Q532 154 540 204L546 236L566 262Q570 270 560 274L548 276L550 292Q552 300 544 302L546 314Q544 326 528 328Q504 330 490 334L486 372Q480 410 492 440Z" fill="#241c17"/>',
  );
  svg.add(
    '<path d="M346 290Q326 210 372 166Q420 126 486 138Q520 146 532 176Q500 160 462 170Q430 180 420 214Q404 200 386 214Q372 244 382 292Z" fill="#15110e"/>',
  );
  svg.add('<ellipse cx="404" cy="250" rx="14" ry="22" fill="#1a1411"/>');
  svg.add(
    '<path d="M520 232L572 236L574 262L522 258Z" fill="#0f0c0a"/><ellipse cx="578" cy="249" rx="9" ry="15" fill="#9fb6c8" opacity=".75"/>',
  );
  svg.add('<path d="M380 210Q450 196 520 232" fill="none" stroke="#0f0c0a" stroke-width="5"/>');
  // forearm reaching to the bench, tweezers holding the ring up to the light
  svg.add(
    '<path d="M560 520Q700 470 780 450L796 488Q700 520 590 590Z" fill="#2a211a"/><ellipse cx="800" cy="462" rx="30" ry="22" fill="#3a2d24"/>',
  );
  svg.add(`<path d="M822 452L900 404M826 462L904 414" stroke="${metal(svg, 'silver', 'd')}" stroke-width="5" stroke-linecap="round"/>`);
  svg.add(
    ringUpright(svg, {
      cx: 932,
      cy: 410,
      R: 30,
      k: 0.7,
      bw: 8,
      th: 4,
      metal: 'yellow',
      head: { shape: 'round', gem: 'diamond', r: 13, setting: 'prong4' },
    }),
  );
  svg.add(sparkle(svg, 934, 364, 70, 10));
  // bench
  svg.add('<path d="M560 640L1200 600L1200 800L520 800Z" fill="#5a3a22"/><path d="M560 640L1200 600" stroke="#b07a4a" stroke-width="6"/>');
  return svg.toString();
}

/** Custom design: a page of the sketchbook with the ring drawing, swatches of metal and a loose stone. */
function sketchSvg() {
  const svg = new Svg(1200, 900, 'sketch');
  svg.def('desk', () =>
    linear(
      'desk',
      [0, 0, 1200, 900],
      [
        [0, '#e9e2d8'],
        [1, '#cfc4b5'],
      ],
      true,
    ),
  );
  svg.add('<rect width="1200" height="900" fill="url(#desk)"/>');
  svg.add('<path d="M130 90L1050 60L1080 830L150 850Z" fill="#000" opacity=".12" transform="translate(10 14)"/>');
  svg.add('<path d="M130 90L1050 60L1080 830L150 850Z" fill="#fffdf8"/>');
  let rules = '';
  for (let y = 150; y < 820; y += 36) rules += `M170 ${y + (y - 150) * -0.03}L1040 ${y - 28 + (y - 150) * -0.03}`;
  svg.add(`<path d="${rules}" stroke="#b9cde0" stroke-opacity=".35" stroke-width="1.2"/>`);
  svg.add(ringSketch(svg, 520, 470, 1.05));
  // metal swatches: yellow, white, rose gold, platinum
  ['yellow', 'white', 'rose', 'platinum'].forEach((m, i) => {
    svg.add(`<circle cx="${990}" cy="${330 + i * 80}" r="26" fill="${metal(svg, m, 'd')}" stroke="#8d8478" stroke-width="1.2"/>`);
  });
  svg.add(shadow(svg, 870, 740, 90, 24, '#3a2a18', 0.8));
  svg.add(gemstone(svg, { x: 855, y: 700, r: 56, shape: 'oval', gem: 'diamond', elev: 38, spin: 16 }));
  svg.add(pencil(svg, 260, 820, -12, 1));
  return svg.toString();
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

/** Lossless text tightening: no leading zeros, no space before a minus sign. */
function minify(svgText) {
  return svgText
    .replace(/([^\d.#a-zA-Z])0\.(\d)/g, '$1.$2')
    .replace(/ -/g, '-')
    .replace(/([lLMmCcQqAa])-/g, '$1-');
}

function write(rel, content) {
  content = minify(content);
  const file = join(OUT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

function main() {
  const args = process.argv.slice(2);
  const only = args.find((a) => a.startsWith('--only='))?.slice(7);
  const products = JSON.parse(readFileSync(CATALOGUE_JSON, 'utf8'));
  const sizes = [];
  for (const p of products) {
    if (only && !p.slug.includes(only) && p.category !== only) continue;
    for (const v of [1, 2, 3]) sizes.push([`products/${p.slug}-${v}.svg`, write(`products/${p.slug}-${v}.svg`, productSvg(p, v))]);
    // Every metal a piece is offered in beyond the one it is written in has its own three views, drawn the
    // same way (the same seed) in that metal: the product page shows them when the metal is chosen.
    for (const choice of Object.keys(p.offer?.metal ?? {}).slice(1)) {
      for (const v of [1, 2, 3]) {
        const rel = `products/${p.slug}-${metalSlug(choice)}-${v}.svg`;
        sizes.push([rel, write(rel, productSvg(p, v, metalColour(choice)))]);
      }
    }
  }
  if (!only) {
    const ids = [
      'women-rings',
      'women-necklaces',
      'women-earrings',
      'women-bracelets',
      'men-rings',
      'men-necklaces',
      'men-earrings',
      'men-bracelets',
    ];
    for (const id of ids) sizes.push([`categories/${id}.svg`, write(`categories/${id}.svg`, categorySvg(id))]);
    for (let n = 1; n <= 5; n++) sizes.push([`hero/slide-${n}.svg`, write(`hero/slide-${n}.svg`, heroSvg(n))]);
    sizes.push(['brand/logo.svg', write('brand/logo.svg', logoSvg())]);
    sizes.push(['brand/favicon.svg', write('brand/favicon.svg', faviconSvg())]);
    sizes.push(['about/atelier.svg', write('about/atelier.svg', atelierSvg())]);
    sizes.push(['about/craftsman.svg', write('about/craftsman.svg', craftsmanSvg())]);
    sizes.push(['custom-design/sketch.svg', write('custom-design/sketch.svg', sketchSvg())]);
  }
  const max = sizes.reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  console.log(`wrote ${sizes.length} files, largest ${max[0]} (${max[1]} bytes)`);
}

main();
