/**
 * The QR-code login of the PC login page (docs/factors.md): a ticket shown as a QR code for the
 * mobile portal to scan, followed every 1.5 s: waiting, scanned (confirm on the phone), expired
 * or cancelled (a new code on request). Once the phone confirms, the poll's answer is this
 * browser's login, like any other. In a preview nothing is fetched.
 */
import type { FlowAnswer, QrState, QrTicket } from '@tessera/shared';
import { Button, QRCode, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../core/api.ts';
import { fetchQrTicket, pollQrTicket } from '../../core/factors.ts';

export const QR_POLL_MS = 1500;

interface Props {
  preview: boolean;
  /** The confirmed ticket's login answer; true when the page moves on. */
  onAnswer: (res: ApiResult<FlowAnswer>) => boolean;
}

type Shown = QrState | 'loading' | 'failed';

const TEXT: Record<Shown, string> = {
  loading: 'qrLogin.loading',
  failed: 'qrLogin.failed',
  waiting: 'qrLogin.waiting',
  scanned: 'qrLogin.scanned',
  confirmed: 'qrLogin.confirmed',
  expired: 'qrLogin.expired',
  cancelled: 'qrLogin.cancelled',
};

/** The short word on the greyed code; the line under it says the whole of it. */
const COVER: Partial<Record<Shown, string>> = {
  cancelled: 'qrLogin.coverCancelled',
  failed: 'qrLogin.coverFailed',
};

export function QrLogin({ preview, onAnswer }: Props) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<QrTicket | null>(null);
  const [state, setState] = useState<Shown>(preview ? 'waiting' : 'loading');
  /** Bumped for a new ticket (refresh). */
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (preview) return;
    let live = true;
    void fetchQrTicket().then((res) => {
      if (!live) return;
      if (res.ok) setTicket(res.data);
      setState(res.ok ? 'waiting' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [preview, round]);

  // Follows the ticket while the phone may still act on it; stops when the tab is left.
  const live = ticket && (state === 'waiting' || state === 'scanned');
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let timer = 0;
    const tick = async () => {
      if (Date.now() > ticket.expiresAt) {
        setState('expired');
        return;
      }
      const res = await pollQrTicket(ticket.ticket);
      if (stopped) return;
      if (res.ok && res.data.state === 'confirmed') {
        setState('confirmed');
        if (!onAnswer(res)) setState('failed');
        return;
      }
      if (res.redirected) return;
      if (res.ok) setState(res.data.state);
      timer = window.setTimeout(() => void tick(), QR_POLL_MS);
    };
    timer = window.setTimeout(() => void tick(), QR_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [live, ticket, onAnswer]);

  const refresh = () => {
    setState('loading');
    setRound((n) => n + 1);
  };
  const status =
    state === 'waiting' || state === 'confirmed'
      ? 'active'
      : state === 'scanned'
        ? 'scanned'
        : state === 'loading'
          ? 'loading'
          : 'expired';
  const value = ticket?.content ?? (preview ? window.location.origin : '-');

  return (
    <div className="ts-qr-login">
      <div
        className="ts-qr-box"
        role="group"
        aria-label={t('qrLogin.label')}
        data-qr-content={ticket?.content}
      >
        <QRCode
          value={value}
          size={184}
          status={status}
          statusRender={({ status: s }) => {
            if (s === 'loading') return <Spin />;
            if (s === 'scanned') {
              return (
                <div className="ts-qr-cover">
                  <span className="ts-qr-cover-text" aria-hidden>
                    {t('qrLogin.scannedShort')}
                  </span>
                </div>
              );
            }
            return (
              <div className="ts-qr-cover">
                <span className="ts-qr-cover-text" aria-hidden>
                  {t(COVER[state] ?? 'qrLogin.coverExpired')}
                </span>
                <Button type="primary" size="small" onClick={refresh}>
                  {t('qrLogin.refresh')}
                </Button>
              </div>
            );
          }}
        />
      </div>
      <p className={`ts-qr-state ts-qr-state--${state}`} role="status" aria-live="polite">
        {t(TEXT[state])}
      </p>
    </div>
  );
}
