/**
 * The slider puzzle (specification section 5, docs/verification.md): the server draws a picture
 * with a gap and the piece that fits it; the user drags the piece into the gap with the slider
 * below, and the server, which alone knows where the gap is, checks the drop and the drag and
 * answers a one-time token for the next login or code request.
 *
 * No UI kit here: the PC app shows it in an antd Modal, the mobile app inside antd-mobile.
 * Colours follow `--ts-accent` (or `--adm-color-primary`) of the page when set.
 *
 * Test hooks: data-testid slider-captcha (root), slider-handle (role slider), slider-piece.
 */
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api.ts';
import './slider.css';

export interface SliderCaptchaProps {
  /** Called with the server's token, shortly after the success state was shown. */
  onPass(token: string): void;
  /** When given, a close button calls it. */
  onCancel?(): void;
  variant?: 'pc' | 'mobile';
}

/** The answer of GET /geetest/getCaptcha. */
interface Puzzle {
  id: string;
  /** PNG data URL, width × height. */
  background: string;
  /** PNG data URL, pieceSize square. */
  piece: string;
  /** Top of the piece in the background, image pixels. */
  y: number;
  width: number;
  height: number;
  pieceSize: number;
}

type Phase = 'loading' | 'error' | 'ready' | 'dragging' | 'verifying' | 'passed' | 'failed';
/** x = piece offset (image px), y = pointer movement since the start (image px), t = ms. */
type TrackPoint = [number, number, number];

interface Drag {
  /** The pointer being followed; null for the keyboard. */
  pointerId: number | null;
  startX: number;
  startY: number;
  startTime: number;
  /** Shown pixels per image pixel. */
  scale: number;
  /** Where the piece was when this drag began (a pointer may take over from the keyboard). */
  base: number;
  offset: number;
  track: TrackPoint[];
}

/** Before a new puzzle replaces a failed one, and before onPass after the success state. */
const RETRY_DELAY_MS = 1000;
const PASS_DELAY_MS = 500;
/** The server takes at most this many track points (and y within ±100). */
const MAX_TRACK_POINTS = 2000;
const MAX_Y = 100;
const MAX_MS = 600_000;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const tenth = (value: number) => Math.round(value * 10) / 10;

function isPuzzle(value: unknown): value is Puzzle {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.id === 'string' &&
    typeof p.background === 'string' &&
    typeof p.piece === 'string' &&
    [p.y, p.width, p.height, p.pieceSize].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (p.width as number) > (p.pieceSize as number) &&
    (p.height as number) > 0
  );
}

/** Halves a long track (every other point, keeping the last) so it stays within the limit. */
function thin(track: TrackPoint[]): TrackPoint[] {
  if (track.length < MAX_TRACK_POINTS) return track;
  const kept = track.filter((_p, i) => i % 2 === 0);
  const last = track[track.length - 1]!;
  if (kept[kept.length - 1] !== last) kept.push(last);
  return kept;
}

function RefreshIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M18.3 5.71a1 1 0 0 0-1.41 0L12 10.59 7.11 5.7A1 1 0 0 0 5.7 7.11L10.59 12 5.7 16.89a1 1 0 1 0 1.41 1.41L12 13.41l4.89 4.89a1 1 0 0 0 1.41-1.41L13.41 12l4.89-4.89a1 1 0 0 0 0-1.4z"
      />
    </svg>
  );
}

function HandleIcon({ phase }: { phase: Phase }) {
  const path =
    phase === 'passed'
      ? 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'
      : phase === 'failed'
        ? 'M18.3 5.71 12 12.01 5.7 5.7 4.29 7.11 10.59 13.4 4.29 19.7l1.41 1.41L12 14.82l6.3 6.29 1.41-1.41-6.3-6.3 6.3-6.29z'
        : 'M12.6 5.4 11.2 6.8 15.4 11H4v2h11.4l-4.2 4.2 1.4 1.4L19.2 12z';
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export function SliderCaptcha({ onPass, onCancel, variant = 'pc' }: SliderCaptchaProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [offset, setOffset] = useState(0);
  /** The server's words on the last failure (load or verify). */
  const [message, setMessage] = useState<string | null>(null);

  const imageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  /** Answers that arrive after a newer puzzle was asked for (or after unmount) are dropped. */
  const generation = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const keyRepeats = useRef(0);
  const onPassRef = useRef(onPass);
  useEffect(() => {
    onPassRef.current = onPass;
  }, [onPass]);

  /** Asks for a new puzzle; state is only set when the answer comes. */
  const fetchPuzzle = useCallback(() => {
    const gen = ++generation.current;
    window.clearTimeout(timer.current);
    void request<Puzzle>('/geetest/getCaptcha', { query: { t: String(Date.now()) }, silent: true }).then(
      (res) => {
        if (gen !== generation.current) return;
        drag.current = null;
        setOffset(0);
        if (res.ok && isPuzzle(res.data)) {
          setPuzzle(res.data);
          setMessage(null);
          setPhase('ready');
        } else {
          setPuzzle(null);
          setMessage(res.ok ? null : res.message);
          setPhase('error');
        }
      },
    );
  }, []);

  useEffect(() => {
    fetchPuzzle();
    return () => {
      generation.current += 1;
      window.clearTimeout(timer.current);
    };
  }, [fetchPuzzle]);

  const refresh = () => {
    drag.current = null;
    setPhase('loading');
    setOffset(0);
    setMessage(null);
    fetchPuzzle();
  };

  const maxOffset = puzzle ? puzzle.width - puzzle.pieceSize : 0;
  const interactive = phase === 'ready' || phase === 'dragging';

  const begin = (pointerId: number | null, x: number, y: number): Drag | null => {
    if (!puzzle || !interactive) return null;
    const shown = imageRef.current?.getBoundingClientRect().width ?? puzzle.width;
    const base = drag.current?.offset ?? 0;
    const next: Drag = {
      pointerId,
      startX: x,
      startY: y,
      startTime: performance.now(),
      scale: shown > 0 ? shown / puzzle.width : 1,
      base,
      offset: base,
      track: [[tenth(base), 0, 0]],
    };
    drag.current = next;
    setPhase('dragging');
    return next;
  };

  const record = (d: Drag, offsetPx: number, dyPx: number) => {
    d.offset = clamp(offsetPx, 0, maxOffset);
    const time = Math.min(MAX_MS, Math.round(performance.now() - d.startTime));
    d.track = thin([...d.track, [tenth(d.offset), tenth(clamp(dyPx, -MAX_Y, MAX_Y)), time]]);
    setOffset(d.offset);
  };

  /** The drop: a mere click (no movement) just resets; anything else goes to the server. */
  const finish = () => {
    const d = drag.current;
    drag.current = null;
    if (!d || !puzzle) return;
    if (d.offset < 1) {
      setOffset(0);
      setPhase('ready');
      return;
    }
    const gen = generation.current;
    setPhase('verifying');
    const body = {
      id: puzzle.id,
      x: tenth(d.offset),
      duration: Math.min(MAX_MS, Math.round(performance.now() - d.startTime)),
      track: d.track,
    };
    // The component says what went wrong itself: no toast from the request client.
    void request<{ token: string }>('/geetest/verify', { json: body, silent: true }).then((res) => {
      if (gen !== generation.current) return;
      if (res.ok && typeof res.data?.token === 'string') {
        setPhase('passed');
        setMessage(null);
        const token = res.data.token;
        timer.current = window.setTimeout(() => onPassRef.current(token), PASS_DELAY_MS);
      } else {
        setPhase('failed');
        setMessage(res.message);
        timer.current = window.setTimeout(fetchPuzzle, RETRY_DELAY_MS);
      }
    });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // One pointer at a time; a pointer may take over a drag begun with the keyboard.
    if (e.button !== 0 || (drag.current && drag.current.pointerId !== null)) return;
    if (!begin(e.pointerId, e.clientX, e.clientY)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus({ preventScroll: true });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    record(d, d.base + (e.clientX - d.startX) / d.scale, (e.clientY - d.startY) / d.scale);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    finish();
  };
  /** The browser took the pointer away (a system gesture): start over, nothing is sent. */
  const onPointerCancel = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    setOffset(0);
    setPhase('ready');
  };

  /** Arrows move the piece (faster while held, Shift for big steps), Enter or Space drops it. */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive || !puzzle) return;
    const keys: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
    if (e.key in keys || e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const d = drag.current ?? begin(null, 0, 0);
      if (!d) return;
      keyRepeats.current = e.repeat ? keyRepeats.current + 1 : 0;
      const step = e.shiftKey ? 10 : Math.min(8, 1 + Math.floor(keyRepeats.current / 2));
      const next = e.key === 'Home' ? 0 : e.key === 'End' ? maxOffset : d.offset + (keys[e.key] ?? 0) * step;
      record(d, next, 0);
    } else if ((e.key === 'Enter' || e.key === ' ') && drag.current?.pointerId === null) {
      e.preventDefault();
      finish();
    }
  };

  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  const width = puzzle?.width ?? 320;
  const height = puzzle?.height ?? 160;
  const pieceSize = puzzle?.pieceSize ?? 52;
  const handleLeft = pct(offset, width);
  const handleWidth = pct(pieceSize, width);
  const loadFailed = [message, t('slider.loadFailed')].filter(Boolean).join('. ');
  const strip =
    phase === 'passed' ? t('slider.passed') : phase === 'failed' ? message || t('errors.server') : null;
  const status =
    phase === 'loading'
      ? t('slider.loading')
      : phase === 'verifying'
        ? t('slider.verifying')
        : phase === 'error'
          ? loadFailed
          : strip;

  return (
    <div
      className={`tsc-slider tsc-slider--${variant} tsc-slider--${phase}`}
      data-testid="slider-captcha"
      data-phase={phase}
    >
      <div className="tsc-head">
        <h2 className="tsc-title" id={`${ids}-title`}>
          {t('slider.title')}
        </h2>
        <div className="tsc-tools">
          <button
            type="button"
            className="tsc-tool"
            onClick={refresh}
            disabled={phase === 'verifying' || phase === 'passed'}
            aria-label={t('slider.refresh')}
            title={t('slider.refresh')}
          >
            <RefreshIcon />
          </button>
          {onCancel && (
            <button
              type="button"
              className="tsc-tool"
              onClick={() => onCancel()}
              aria-label={t('slider.close')}
              title={t('slider.close')}
            >
              <CloseIcon />
            </button>
          )}
        </div>
      </div>

      <div className="tsc-image" ref={imageRef} style={{ aspectRatio: `${width} / ${height}` }}>
        {puzzle ? (
          <>
            <img className="tsc-bg" src={puzzle.background} alt={t('slider.image')} draggable={false} />
            <img
              className="tsc-piece"
              data-testid="slider-piece"
              src={puzzle.piece}
              alt=""
              draggable={false}
              style={{ left: pct(offset, width), top: pct(puzzle.y, height), width: handleWidth }}
            />
          </>
        ) : (
          <div className="tsc-placeholder">
            {phase === 'error' ? (
              <span className="tsc-load-error">{loadFailed}</span>
            ) : (
              <span className="tsc-spinner" aria-hidden="true" />
            )}
          </div>
        )}
        <div className={`tsc-strip${strip ? ' tsc-strip--shown' : ''}`} aria-hidden="true">
          <span>{strip}</span>
        </div>
      </div>

      <div className="tsc-track">
        <div className="tsc-fill" style={{ width: `calc(${handleLeft} + ${handleWidth} / 2)` }} />
        <span className="tsc-hint" aria-hidden="true">
          {t('slider.hint')}
        </span>
        <div
          className="tsc-handle"
          role="slider"
          tabIndex={puzzle ? 0 : -1}
          aria-label={t('slider.handle')}
          aria-describedby={`${ids}-keys`}
          aria-valuemin={0}
          aria-valuemax={maxOffset}
          aria-valuenow={Math.round(offset)}
          aria-disabled={!interactive}
          data-testid="slider-handle"
          style={{ left: handleLeft, width: handleWidth }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onKeyDown={onKeyDown}
        >
          <HandleIcon phase={phase} />
        </div>
      </div>
      <p className="tsc-sr-only" id={`${ids}-keys`}>
        {t('slider.keyboardHint')}
      </p>
      <p className="tsc-sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
