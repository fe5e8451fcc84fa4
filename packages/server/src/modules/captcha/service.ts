/**
 * The slider captcha (spec section 5: 'Please first complete slide verification', 'Verification
 * failed'). A puzzle's answer stays on the server; a solved puzzle gives a one-time token that the
 * protected call (login, sending a code ...) spends with `consume`. Both live in the ephemeral
 * store, so every process over one database agrees on them and they expire on their own.
 *
 * Store keys (values in brackets):
 * - `captcha:puzzle:<id>`  the open puzzle (JSON `{ tenantId, x }`), 2 minutes
 * - `captcha:tried:<id>`   marks the puzzle's single attempt as taken, 2 minutes
 * - `captcha:token:<tok>`  a solved puzzle's token (the tenant id), 2 minutes
 * - `captcha:used:<tok>`   marks the token as spent, 2 minutes
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import { drawPuzzle } from './puzzle.ts';

export const CAPTCHA = {
  puzzleTtlMs: 2 * 60_000,
  tokenTtlMs: 2 * 60_000,
  /** How far (px) the drop may be from the answer, and the track's end from the drop. */
  tolerancePx: 6,
  /** Faster than this is not a person; slower means the puzzle was left open. */
  minDurationMs: 300,
  maxDurationMs: 60_000,
  minTrackPoints: 8,
} as const;

export const captchaKeys = {
  puzzle: (id: string) => `captcha:puzzle:${id}`,
  tried: (id: string) => `captcha:tried:${id}`,
  token: (token: string) => `captcha:token:${token}`,
  used: (token: string) => `captcha:used:${token}`,
};

/** What `captcha:puzzle:<id>` holds. */
export interface StoredPuzzle {
  tenantId: string;
  x: number;
}

export interface CaptchaChallenge {
  id: string;
  /** data: URLs of the PNGs. */
  background: string;
  piece: string;
  /** Top of the piece image in the background; the client slides it along x only. */
  y: number;
  width: number;
  height: number;
  pieceSize: number;
}

export interface CaptchaAttempt {
  id: string;
  /** Left edge of the piece image where the user dropped it. */
  x: number;
  /** Milliseconds from pressing the slider to letting go. */
  duration: number;
  /** Pointer positions during the drag, `t` in ms. */
  track: [x: number, y: number, t: number][];
}

/** Ids and tokens are 24 random bytes in base64url; anything else is refused before the store. */
const RANDOM_ID = /^[A-Za-z0-9_-]{32}$/;
const newId = () => randomBytes(24).toString('base64url');
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** True when every value is the same as the first (within rounding of fractional pixels). */
const allSame = (values: number[]) => values.every((v) => Math.abs(v - values[0]!) < 1e-6);
const steps = (values: number[]) => values.slice(1).map((v, i) => v - values[i]!);

/**
 * A person's drag wobbles in speed and timing; a script replaying a straight line at a fixed
 * rate does not. This is a cheap filter against naive bots, not proof of a human.
 */
export function looksMachineMade(track: CaptchaAttempt['track']): boolean {
  const dt = steps(track.map((p) => p[2]));
  const dx = steps(track.map((p) => p[0]));
  const ys = track.map((p) => p[1]);
  return allSame(dt) || (allSame(dx) && allSame(ys));
}

/** Every rule a solved puzzle must meet, given the answer kept on the server. */
export function isAcceptable(attempt: CaptchaAttempt, answerX: number): boolean {
  const { x, duration, track } = attempt;
  const c = CAPTCHA;
  if (Math.abs(x - answerX) > c.tolerancePx) return false;
  if (duration < c.minDurationMs || duration > c.maxDurationMs) return false;
  if (track.length < c.minTrackPoints) return false;
  if (steps(track.map((p) => p[2])).some((d) => d < 0)) return false;
  if (Math.abs(track[track.length - 1]![0] - x) > c.tolerancePx) return false;
  return !looksMachineMade(track);
}

export class CaptchaService {
  constructor(private readonly store: EphemeralStore) {}

  async create(tenantId: string): Promise<CaptchaChallenge> {
    const puzzle = drawPuzzle();
    const id = newId();
    const stored: StoredPuzzle = { tenantId, x: puzzle.x };
    await this.store.set(captchaKeys.puzzle(id), JSON.stringify(stored), CAPTCHA.puzzleTtlMs);
    return {
      id,
      background: dataUrl(puzzle.background),
      piece: dataUrl(puzzle.piece),
      y: puzzle.y,
      width: puzzle.width,
      height: puzzle.height,
      pieceSize: puzzle.size,
    };
  }

  /** Answers a one-time token; throws CAPTCHA.0002 on any failure. A puzzle gets one attempt. */
  async verify(tenantId: string, attempt: CaptchaAttempt): Promise<string> {
    const stored = await this.takePuzzle(attempt.id);
    if (!stored || stored.tenantId !== tenantId || !isAcceptable(attempt, stored.x)) {
      throw new AppError('CAPTCHA.0002');
    }
    const token = newId();
    await this.store.set(captchaKeys.token(token), tenantId, CAPTCHA.tokenTtlMs);
    return token;
  }

  /** Spends a token of this tenant; throws CAPTCHA.0001 when there is no such usable token. */
  async consume(tenantId: string, token: string | undefined): Promise<void> {
    if (!token || !RANDOM_ID.test(token)) throw new AppError('CAPTCHA.0001');
    // Another tenant's token is refused without spending it: it stays its owner's.
    if ((await this.store.get(captchaKeys.token(token))) !== tenantId) throw new AppError('CAPTCHA.0001');
    // addOnce is atomic, so of two concurrent requests with one token only one gets past here.
    if (!(await this.store.addOnce(captchaKeys.used(token), CAPTCHA.tokenTtlMs))) {
      throw new AppError('CAPTCHA.0001');
    }
    await this.store.delete(captchaKeys.token(token));
  }

  /**
   * Reads the puzzle and claims its single attempt, whatever the outcome, so an answer cannot be
   * found by trying positions one after the other; concurrent attempts cannot both claim it.
   */
  private async takePuzzle(id: string): Promise<StoredPuzzle | undefined> {
    if (!RANDOM_ID.test(id)) return undefined;
    const raw = await this.store.get(captchaKeys.puzzle(id));
    if (!raw) return undefined;
    if (!(await this.store.addOnce(captchaKeys.tried(id), CAPTCHA.puzzleTtlMs))) return undefined;
    await this.store.delete(captchaKeys.puzzle(id));
    return JSON.parse(raw) as StoredPuzzle;
  }
}
