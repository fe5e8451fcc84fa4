/**
 * Draws the slider puzzle: a textured background with a jigsaw-shaped gap, and the piece cut out of
 * it as a separate transparent PNG. Every puzzle differs in hue, texture and gap position, so a bot
 * can neither keep a library of answers nor find the gap by looking for one flat colour.
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const PUZZLE = {
  width: 320,
  height: 160,
  /** Side of the piece image; the jigsaw shape sits inside it with a margin for the shadow. */
  size: 52,
  /** Range of the piece image's left edge in the background (the answer). */
  minX: 90,
  maxX: 260,
  /** Range of the piece image's top edge, keeping the whole piece inside the background. */
  minY: 4,
  maxY: 160 - 52 - 4,
} as const;

export interface Puzzle {
  background: Buffer;
  piece: Buffer;
  /** Left edge of the piece image where it fits the gap: the answer, kept on the server. */
  x: number;
  /** Top edge of the piece image; the client draws the piece at this height. */
  y: number;
  size: number;
  width: number;
  height: number;
}

type Rgb = [number, number, number];

/** Per-pixel masks of the piece image, computed once: they only depend on the shape. */
interface ShapeMasks {
  /** Share of the pixel inside the shape (anti-aliased edge). */
  cover: Float32Array;
  /** Strength of the outline drawn just inside the shape's edge. */
  edge: Float32Array;
  /** Opacity of the soft drop shadow outside the shape. */
  shadow: Float32Array;
}

const MARGIN = 3;
const KNOB_R = 8;
/** The knob centres sit this far outside the square, so the knob joins it with a neck. */
const KNOB_OUT = 2;
const SQUARE = PUZZLE.size - 2 * MARGIN - (KNOB_R + KNOB_OUT);
const SQ_LEFT = MARGIN;
const SQ_TOP = MARGIN + KNOB_R + KNOB_OUT;

/** The jigsaw shape: a square with a round knob on top and one on the right. */
function insideShape(px: number, py: number): boolean {
  const right = SQ_LEFT + SQUARE;
  const bottom = SQ_TOP + SQUARE;
  if (px >= SQ_LEFT && px < right && py >= SQ_TOP && py < bottom) return true;
  const topKnob = (px - (SQ_LEFT + SQUARE / 2)) ** 2 + (py - (SQ_TOP - KNOB_OUT)) ** 2;
  const rightKnob = (px - (right + KNOB_OUT)) ** 2 + (py - (SQ_TOP + SQUARE / 2)) ** 2;
  return Math.min(topKnob, rightKnob) <= KNOB_R ** 2;
}

/** 4x4 supersampling gives smooth edges to the knobs. */
function coverMask(n: number): Float32Array {
  const cover = new Float32Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) if (insideShape(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
      cover[y * n + x] = hits / 16;
    }
  }
  return cover;
}

/** Largest value of `mask` within `radius` pixels of (x, y), looking at (x - dx, y - dy). */
function nearbyMax(mask: Float32Array, n: number, x: number, y: number, radius: number, dx = 0, dy = 0) {
  let best = 0;
  for (let j = -radius; j <= radius; j++) {
    for (let i = -radius; i <= radius; i++) {
      const sx = x - dx + i;
      const sy = y - dy + j;
      if (i * i + j * j > radius * radius || sx < 0 || sy < 0 || sx >= n || sy >= n) continue;
      best = Math.max(best, mask[sy * n + sx]!);
    }
  }
  return best;
}

function buildMasks(): ShapeMasks {
  const n = PUZZLE.size;
  const cover = coverMask(n);
  const edge = new Float32Array(n * n);
  const shadow = new Float32Array(n * n);
  const outside = cover.map((c) => 1 - c);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      // An inside pixel with outside pixels close by is on the edge: that is where the outline goes.
      edge[i] = cover[i]! > 0 ? Math.min(cover[i]!, nearbyMax(outside, n, x, y, 1) * 1.5, 1) : 0;
      // The shadow falls down and to the right of the shape, fading with distance.
      const near = nearbyMax(cover, n, x, y, 1, 1, 2);
      const far = nearbyMax(cover, n, x, y, 2, 1, 2);
      shadow[i] = (near * 0.28 + far * 0.14) * (1 - cover[i]!);
    }
  }
  return { cover, edge, shadow };
}

const MASKS = buildMasks();

const rand = (min: number, max: number) => min + Math.random() * (max - min);

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A smooth two-colour gradient at a random angle, nearby hues, so the picture looks calm. */
function paintGradient(px: Float32Array, w: number, h: number): void {
  const hue = rand(0, 360);
  const from = hslToRgb(hue, rand(0.35, 0.7), rand(0.35, 0.55));
  const to = hslToRgb((hue + rand(30, 90)) % 360, rand(0.35, 0.7), rand(0.55, 0.75));
  const angle = rand(0, Math.PI * 2);
  const cx = Math.cos(angle) / w;
  const cy = Math.sin(angle) / h;
  const offset = Math.min(0, cx * w) + Math.min(0, cy * h);
  const span = Math.abs(cx * w) + Math.abs(cy * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x * cx + y * cy - offset) / span;
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = from[c]! + (to[c]! - from[c]!) * t;
    }
  }
}

/** Blends `color` over every pixel of a box where `alphaAt` answers more than 0. */
function blendBox(
  px: Float32Array,
  w: number,
  h: number,
  box: [x0: number, y0: number, x1: number, y1: number],
  color: Rgb,
  alphaAt: (x: number, y: number) => number,
): void {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(w - 1, Math.ceil(box[2]));
  const y1 = Math.min(h - 1, Math.ceil(box[3]));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const a = alphaAt(x + 0.5, y + 0.5);
      if (a <= 0) continue;
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! + (color[c]! - px[i + c]!) * a;
    }
  }
}

const randomColor = (): Rgb => hslToRgb(rand(0, 360), rand(0.3, 0.9), rand(0.2, 0.9));
/** Coverage of a pixel at distance `d` from a soft-edged shape's border (inside when d < 0). */
const soft = (d: number, alpha: number) => Math.max(0, Math.min(1, 0.5 - d)) * alpha;

function paintCircle(px: Float32Array, w: number, h: number): void {
  const [cx, cy, r, a] = [rand(0, w), rand(0, h), rand(6, 40), rand(0.12, 0.4)];
  blendBox(px, w, h, [cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1], randomColor(), (x, y) =>
    soft(Math.hypot(x - cx, y - cy) - r, a),
  );
}

function paintRect(px: Float32Array, w: number, h: number): void {
  const [x0, y0] = [rand(-20, w), rand(-20, h)];
  const [x1, y1] = [x0 + rand(10, 80), y0 + rand(8, 60)];
  const a = rand(0.1, 0.35);
  blendBox(px, w, h, [x0, y0, x1, y1], randomColor(), () => a);
}

function paintLine(px: Float32Array, w: number, h: number): void {
  const [ax, ay, bx, by] = [rand(0, w), rand(0, h), rand(0, w), rand(0, h)];
  const half = rand(0.6, 2.2);
  const a = rand(0.2, 0.55);
  const [dx, dy] = [bx - ax, by - ay];
  const len2 = dx * dx + dy * dy || 1;
  const box: [number, number, number, number] = [
    Math.min(ax, bx) - half - 1,
    Math.min(ay, by) - half - 1,
    Math.max(ax, bx) + half + 1,
    Math.max(ay, by) + half + 1,
  ];
  blendBox(px, w, h, box, randomColor(), (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
    return soft(Math.hypot(x - ax - t * dx, y - ay - t * dy) - half, a);
  });
}

/** The gradient with translucent shapes on top: many edges and colours everywhere. */
function paintBackground(w: number, h: number): Float32Array {
  const px = new Float32Array(w * h * 3);
  paintGradient(px, w, h);
  for (let i = randomInt(10, 16); i > 0; i--) paintCircle(px, w, h);
  for (let i = randomInt(6, 11); i > 0; i--) paintRect(px, w, h);
  for (let i = randomInt(8, 14); i > 0; i--) paintLine(px, w, h);
  return px;
}

/** Cuts the piece out of the clean background: its pixels, a light outline and a soft shadow. */
function cutPiece(px: Float32Array, w: number, left: number, top: number): Buffer {
  const n = PUZZLE.size;
  const out = Buffer.alloc(n * n * 4);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const m = y * n + x;
      const c = MASKS.cover[m]!;
      const s = MASKS.shadow[m]!;
      const alpha = c + s * (1 - c);
      if (alpha <= 0) continue;
      const src = ((top + y) * w + left + x) * 3;
      const e = MASKS.edge[m]! * 0.75;
      for (let k = 0; k < 3; k++) {
        const lit = px[src + k]! + (255 - px[src + k]!) * e;
        // Piece over a black shadow, un-premultiplied because PNG alpha is straight.
        out[m * 4 + k] = Math.round((lit * c) / alpha);
      }
      out[m * 4 + 3] = Math.round(alpha * 255);
    }
  }
  return out;
}

/** Darkens the gap in place and gives it a light outline, so a person sees where the piece goes. */
function markGap(px: Float32Array, w: number, left: number, top: number): void {
  const n = PUZZLE.size;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const c = MASKS.cover[y * n + x]!;
      if (c <= 0) continue;
      const e = MASKS.edge[y * n + x]! * 0.7;
      const i = ((top + y) * w + left + x) * 3;
      for (let k = 0; k < 3; k++) {
        const dark = px[i + k]! * (1 - 0.5 * c);
        px[i + k] = dark + (255 - dark) * e;
      }
    }
  }
}

function toRgbPng(px: Float32Array, w: number, h: number): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let i = 0, j = 0; i < px.length; i += 3, j += 4) {
    png.data[j] = px[i]!;
    png.data[j + 1] = px[i + 1]!;
    png.data[j + 2] = px[i + 2]!;
    png.data[j + 3] = 255;
  }
  // RGB without alpha and one fixed filter: smaller than RGBA and several times faster to encode.
  return PNG.sync.write(png, { colorType: 2, filterType: 1 });
}

function toRgbaPng(data: Buffer, n: number): Buffer {
  const png = new PNG({ width: n, height: n });
  data.copy(png.data);
  return PNG.sync.write(png, { colorType: 6, filterType: 1 });
}

export function drawPuzzle(): Puzzle {
  const { width, height, size } = PUZZLE;
  const x = randomInt(PUZZLE.minX, PUZZLE.maxX + 1);
  const y = randomInt(PUZZLE.minY, PUZZLE.maxY + 1);
  const px = paintBackground(width, height);
  const piece = toRgbaPng(cutPiece(px, width, x, y), size);
  markGap(px, width, x, y);
  return { background: toRgbPng(px, width, height), piece, x, y, size, width, height };
}
