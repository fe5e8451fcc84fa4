/**
 * /confirmLogin?ticket=: the phone's half of the QR-code login (docs/factors.md). The page
 * scans the ticket first: an app the tenant has not authorised is told so at once (QR.0002), a
 * visitor who is not signed in signs in and comes back here (redirect_to), an unknown or expired
 * ticket goes to /scanQrCodeError. Then: which computer asks (its IP address and browser), and
 * Confirm (the computer is signed in) or Cancel (/scanQrCodeClose).
 */
import { Button, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { answerQrTicket, scanQrTicket } from '../../core/factors.ts';
import { useSecondsLeft } from '../factors/common.ts';
import '../factors/factors.css';
import { RequestFacts } from '../factors/RequestFacts.tsx';
import { MOBILE_BASENAME } from '../routes.ts';
import { PageLoading } from '../Shell.tsx';

interface Scanned {
  ip: string;
  userAgent: string;
  expiresAt: number;
}

const SIGNED_OUT = ['AUTH.COMMON.0027', 'AUTH.COMMON.0028'];
const TICKET = /^[\w-]{32}$/;

type View =
  | { name: 'loading' }
  | { name: 'ask'; scanned: Scanned }
  | { name: 'unsupported'; message: string }
  | { name: 'failed' }
  | { name: 'done' };

function ComputerIcon() {
  return (
    <svg
      className="tmf-computer"
      viewBox="0 0 64 64"
      width="64"
      height="64"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="6" y="10" width="52" height="34" rx="4" fill="currentColor" opacity="0.12" />
      <rect x="6" y="10" width="52" height="34" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M24 54h16M32 44v10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function Ask({ ticket, scanned, onDone }: { ticket: string; scanned: Scanned; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const left = useSecondsLeft(scanned.expiresAt);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);

  const answer = async (confirm: boolean) => {
    if (left === 0) {
      navigate('/scanQrCodeError', { replace: true });
      return;
    }
    setBusy(confirm ? 'confirm' : 'cancel');
    const res = await answerQrTicket(ticket, confirm);
    if (res.ok) {
      if (confirm) onDone();
      else navigate('/scanQrCodeClose', { replace: true });
      return;
    }
    if (res.code === 'QR.0001') {
      navigate('/scanQrCodeError', { replace: true });
      return;
    }
    setBusy(null);
  };

  return (
    <section className="tm-panel tmf-confirm" aria-labelledby="confirm-title">
      <ComputerIcon />
      <h1 className="tm-result-title" id="confirm-title">
        {t('mobile.qr.askTitle')}
      </h1>
      <p className="tmf-confirm-hint">{t('mobile.qr.askHint')}</p>
      <RequestFacts
        ip={scanned.ip}
        userAgent={scanned.userAgent}
        left={left}
        className="tmf-confirm-facts"
        testIdPrefix="qr"
      />
      <div className="tm-actions tmf-confirm-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy === 'confirm'}
          disabled={busy !== null}
          onClick={() => void answer(true)}
        >
          {t('mobile.qr.confirm')}
        </Button>
        <Button
          block
          fill="outline"
          size="large"
          loading={busy === 'cancel'}
          disabled={busy !== null}
          onClick={() => void answer(false)}
        >
          {t('mobile.qr.cancel')}
        </Button>
      </div>
    </section>
  );
}

export default function ConfirmLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ticket = new URLSearchParams(search).get('ticket') ?? '';
  const [view, setView] = useState<View>({ name: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!TICKET.test(ticket)) {
      navigate('/scanQrCodeError', { replace: true });
      return;
    }
    let live = true;
    void scanQrTicket(ticket).then((res) => {
      if (!live) return;
      if (res.ok) setView({ name: 'ask', scanned: res.data });
      else if (res.code === 'QR.0002') setView({ name: 'unsupported', message: res.message });
      else if (res.code === 'QR.0001') navigate('/scanQrCodeError', { replace: true });
      else if (SIGNED_OUT.includes(res.code)) {
        // Back here once signed in (the login page keeps redirect_to for the end of the login).
        const back = `${MOBILE_BASENAME}/confirmLogin?ticket=${encodeURIComponent(ticket)}`;
        navigate(`/login?redirect_to=${encodeURIComponent(back)}`, { replace: true });
      } else setView({ name: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [ticket, navigate, attempt]);

  switch (view.name) {
    case 'loading':
      return <PageLoading />;
    case 'ask':
      return <Ask ticket={ticket} scanned={view.scanned} onDone={() => setView({ name: 'done' })} />;
    case 'unsupported':
      return (
        <section className="tm-panel">
          <Result
            status="warning"
            title={<h1 className="tm-result-title">{view.message}</h1>}
            description={t('mobile.qr.unsupportedHint')}
          />
        </section>
      );
    case 'failed':
      return (
        <section className="tm-panel">
          <Result status="error" title={<h1 className="tm-result-title">{t('mobile.qr.failed')}</h1>} />
          <div className="tm-actions">
            <Button
              block
              color="primary"
              size="large"
              onClick={() => {
                setView({ name: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('mobile.qr.retry')}
            </Button>
          </div>
        </section>
      );
    case 'done':
      return (
        <section className="tm-panel">
          <Result
            status="success"
            title={<h1 className="tm-result-title">{t('mobile.qr.doneTitle')}</h1>}
            description={t('mobile.qr.doneHint')}
          />
        </section>
      );
  }
}
