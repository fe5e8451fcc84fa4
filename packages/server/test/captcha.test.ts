import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { PUZZLE, drawPuzzle } from '../src/modules/captcha/puzzle.ts';
import { captchaRoutes } from '../src/modules/captcha/routes.ts';
import {
  CAPTCHA,
  type CaptchaAttempt,
  CaptchaService,
  type StoredPuzzle,
  captchaKeys,
} from '../src/modules/captcha/service.ts';
import type { Tenant } from '../src/modules/tenancy/service.ts';
import { DIALECTS, type TestServer, startTestServer } from './harness.ts';

type Track = CaptchaAttempt['track'];

const decode = (dataUrl: string) => {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  return PNG.sync.read(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));
};

/** A person's drag: eases out towards the target, uneven event spacing, a wobbling hand. */
function humanTrack(target: number, durationMs = 900): Track {
  const track: Track = [[0, 0, 0]];
  let t = 0;
  while (t < durationMs - 40) {
    t += 8 + Math.floor(Math.random() * 18);
    const p = Math.min(t / durationMs, 1);
    const eased = 1 - (1 - p) ** 3;
    track.push([Math.round(target * eased * 10) / 10, Math.round((Math.random() - 0.5) * 4), t]);
  }
  track.push([target, 1, durationMs]);
  return track;
}

/** A script: the same step in x and time, the pointer never leaving its row. */
function robotTrack(target: number, points = 20): Track {
  return Array.from({ length: points }, (_, i) => [(target * (i + 1)) / points, 0, (i + 1) * 25]);
}

/** Five points of a drag, still spread over its whole length and time. */
const sparse = (track: Track): Track =>
  [0, 0.25, 0.5, 0.75, 1].map((f) => track[Math.round(f * (track.length - 1))]!);

/** The AppError code of a call, or undefined when it passes. */
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof AppError ? e.code : e),
  );

describe('the puzzle images', () => {
  it('puts the gap exactly where the piece fits: darker in the background than in the piece', () => {
    const p = drawPuzzle();
    const bg = PNG.sync.read(p.background);
    const piece = PNG.sync.read(p.piece);
    // Centre of the square part of the shape (below the top knob, left of the right knob).
    const [cx, cy] = [Math.floor(p.size * 0.4), Math.floor(p.size * 0.6)];
    const lum = (d: Buffer, i: number) => d[i]! + d[i + 1]! + d[i + 2]!;
    const inBg = lum(bg.data, ((p.y + cy) * p.width + p.x + cx) * 4);
    const inPiece = lum(piece.data, (cy * p.size + cx) * 4);
    expect(piece.data[(cy * p.size + cx) * 4 + 3]).toBe(255);
    expect(inBg).toBeLessThan(inPiece * 0.7);
  });

  it('keeps the answer inside the stated ranges', () => {
    for (let i = 0; i < 20; i++) {
      const p = drawPuzzle();
      expect(p.x).toBeGreaterThanOrEqual(PUZZLE.minX);
      expect(p.x).toBeLessThanOrEqual(PUZZLE.maxX);
      expect(p.y + p.size).toBeLessThanOrEqual(p.height);
    }
  });
});

describe.each(DIALECTS)('the slider captcha over $name', ({ name, available }) => {
  let s: TestServer;
  let captcha: CaptchaService;
  let demoId: string;
  let acmeId: string;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'captcha');
    captcha = new CaptchaService(s.services.ephemeral);
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    acmeId = (await s.services.tenancy.getByCode('acme'))!.id;
  });
  afterAll(async () => s?.close());

  const answerOf = async (id: string) => {
    const raw = await s.services.ephemeral.get(captchaKeys.puzzle(id));
    return (JSON.parse(raw!) as StoredPuzzle).x;
  };

  /** A fresh puzzle of the demo tenant and its answer. */
  const fresh = async (tenantId = demoId) => {
    const { id } = await captcha.create(tenantId);
    return { id, x: await answerOf(id) };
  };

  const attempt = (id: string, x: number, track = humanTrack(x), duration = track.at(-1)![2]) => ({
    id,
    x,
    duration,
    track,
  });

  it.skipIf(!available)(
    'makes a different puzzle each time, with decodable images of the stated sizes',
    async () => {
      const puzzles = await Promise.all(Array.from({ length: 5 }, () => captcha.create(demoId)));
      expect(new Set(puzzles.map((p) => p.background)).size).toBe(5);
      expect(new Set(puzzles.map((p) => p.piece)).size).toBe(5);
      const answers = await Promise.all(puzzles.map(async (p) => `${await answerOf(p.id)},${p.y}`));
      expect(new Set(answers).size).toBeGreaterThan(1);

      const p = puzzles[0]!;
      expect(p).toMatchObject({ width: 320, height: 160, pieceSize: PUZZLE.size });
      expect(JSON.stringify(p)).not.toContain(`"x"`);
      const bg = decode(p.background);
      expect([bg.width, bg.height]).toEqual([p.width, p.height]);
      const piece = decode(p.piece);
      expect([piece.width, piece.height]).toEqual([p.pieceSize, p.pieceSize]);
      const alphas = Array.from({ length: piece.width * piece.height }, (_, i) => piece.data[i * 4 + 3]!);
      expect(alphas).toContain(0);
      expect(alphas).toContain(255);
    },
  );

  it.skipIf(!available)('passes a human drag to the gap; its token is spent once', async () => {
    const { id, x } = await fresh();
    const token = await captcha.verify(demoId, attempt(id, x + CAPTCHA.tolerancePx));
    expect(token).toMatch(/^[\w-]{32}$/);
    await expect(captcha.consume(demoId, token)).resolves.toBeUndefined();
    expect(await codeOf(captcha.consume(demoId, token))).toBe('CAPTCHA.0001');
  });

  it.skipIf(!available)('lets only one of several concurrent requests spend a token', async () => {
    const { id, x } = await fresh();
    const token = await captcha.verify(demoId, attempt(id, x));
    const results = await Promise.all([1, 2, 3].map(() => codeOf(captcha.consume(demoId, token))));
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
    expect(results.filter((r) => r === 'CAPTCHA.0001')).toHaveLength(2);
  });

  it.skipIf(!available)('refuses wrong, hurried, slow, sparse and robotic attempts', async () => {
    const cases: [string, (x: number) => Omit<ReturnType<typeof attempt>, 'id'>][] = [
      ['wrong x', (x) => attempt('', x + CAPTCHA.tolerancePx + 1)],
      ['too fast', (x) => attempt('', x, humanTrack(x, 200))],
      ['too slow', (x) => attempt('', x, humanTrack(x), CAPTCHA.maxDurationMs + 1)],
      ['too few points', (x) => attempt('', x, sparse(humanTrack(x)))],
      ['robot', (x) => attempt('', x, robotTrack(x))],
      ['track ends elsewhere', (x) => attempt('', x, humanTrack(x + 20))],
      [
        'time going back',
        (x) =>
          attempt(
            '',
            x,
            humanTrack(x).map(([a, b, t], i) => [a, b, i === 3 ? 0 : t]),
          ),
      ],
    ];
    for (const [label, make] of cases) {
      const { id, x } = await fresh();
      expect([label, await codeOf(captcha.verify(demoId, { ...make(x), id }))]).toEqual([
        label,
        'CAPTCHA.0002',
      ]);
    }
  });

  it.skipIf(!available)(
    'refuses a robot that varies its timing but moves in a ruler-straight line',
    async () => {
      const { id, x } = await fresh();
      const track = robotTrack(x).map(([a, b, t], i): Track[number] => [a, b, t + (i % 3)]);
      expect(await codeOf(captcha.verify(demoId, attempt(id, x, track, 600)))).toBe('CAPTCHA.0002');
    },
  );

  it.skipIf(!available)('gives each puzzle one attempt: no replay, no second try', async () => {
    const solved = await fresh();
    await captcha.verify(demoId, attempt(solved.id, solved.x));
    expect(await codeOf(captcha.verify(demoId, attempt(solved.id, solved.x)))).toBe('CAPTCHA.0002');

    const missed = await fresh();
    expect(await codeOf(captcha.verify(demoId, attempt(missed.id, missed.x + 40)))).toBe('CAPTCHA.0002');
    expect(await codeOf(captcha.verify(demoId, attempt(missed.id, missed.x)))).toBe('CAPTCHA.0002');

    expect(await codeOf(captcha.verify(demoId, attempt('nonsense', 100)))).toBe('CAPTCHA.0002');
  });

  it.skipIf(!available)('refuses an expired puzzle', async () => {
    const { id, x } = await fresh();
    await s.services.ephemeral.set(captchaKeys.puzzle(id), JSON.stringify({ tenantId: demoId, x }), -1);
    expect(await codeOf(captcha.verify(demoId, attempt(id, x)))).toBe('CAPTCHA.0002');
  });

  it.skipIf(!available)("refuses another tenant's puzzle and token", async () => {
    const theirs = await fresh(acmeId);
    expect(await codeOf(captcha.verify(demoId, attempt(theirs.id, theirs.x)))).toBe('CAPTCHA.0002');

    const { id, x } = await fresh();
    const token = await captcha.verify(demoId, attempt(id, x));
    expect(await codeOf(captcha.consume(acmeId, token))).toBe('CAPTCHA.0001');
    // The failed use elsewhere does not spend it for its own tenant.
    await expect(captcha.consume(demoId, token)).resolves.toBeUndefined();
  });

  it.skipIf(!available)('refuses a missing, unknown or expired token', async () => {
    expect(await codeOf(captcha.consume(demoId, undefined))).toBe('CAPTCHA.0001');
    expect(await codeOf(captcha.consume(demoId, ''))).toBe('CAPTCHA.0001');
    expect(await codeOf(captcha.consume(demoId, 'A'.repeat(32)))).toBe('CAPTCHA.0001');
    const { id, x } = await fresh();
    const token = await captcha.verify(demoId, attempt(id, x));
    await s.services.ephemeral.set(captchaKeys.token(token), demoId, -1);
    expect(await codeOf(captcha.consume(demoId, token))).toBe('CAPTCHA.0001');
  });

  it.skipIf(!available)('serves the puzzle uncached and verifies over HTTP', async () => {
    const tenant = (await s.services.tenancy.getByCode('demo'))!;
    const app = await routesOnly(captcha, tenant);
    const res = await app.inject({ method: 'GET', url: '/geetest/getCaptcha?t=1700000000000' });
    expect(res.headers['cache-control']).toBe('no-store');
    const { id } = res.json().data as { id: string };
    const x = await answerOf(id);
    const ok = await app.inject({ method: 'POST', url: '/geetest/verify', payload: attempt(id, x) });
    expect(ok.json()).toMatchObject({ code: '0', data: { token: expect.any(String) } });
    const bad = await app.inject({ method: 'POST', url: '/geetest/verify', payload: { id, x: 'left' } });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});

/** Just the captcha routes over a fixed tenant: the app's wiring is tested elsewhere. */
async function routesOnly(captcha: CaptchaService, tenant: Tenant) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (req) => {
    req.tenant = tenant;
  });
  await app.register(captchaRoutes({ captcha }));
  await app.ready();
  return app;
}
