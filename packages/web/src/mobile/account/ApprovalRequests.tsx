/**
 * The login requests waiting on this phone while it is the user's authenticator: read every two
 * seconds; each shows who asks (IP address, browser, time) and how long it still waits, with
 * Approve and Deny.
 */
import type { ApprovalRequest } from '@tessera/shared';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerApproval, fetchApprovalRequests } from '../../core/factors.ts';
import { useSecondsLeft } from '../factors/common.ts';
import { RequestFacts } from '../factors/RequestFacts.tsx';

/** How often the phone asks for new requests. */
const POLL_MS = 2000;

/** The pending requests while `active`, polled. */
function useApprovalRequests(active: boolean): ApprovalRequest[] {
  const [requests, setRequests] = useState<ApprovalRequest[]>([]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer = 0;
    const load = async () => {
      const res = await fetchApprovalRequests();
      if (!live) return;
      if (res.ok) setRequests(res.data);
      timer = window.setTimeout(() => void load(), POLL_MS);
    };
    void load();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [active]);
  return active ? requests : [];
}

function RequestCard({
  request,
  onAnswered,
}: {
  request: ApprovalRequest;
  onAnswered: (id: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const left = useSecondsLeft(request.expiresAt);
  const [busy, setBusy] = useState<'approve' | 'deny' | null>(null);
  if (left === 0) return null;

  const answer = async (approve: boolean) => {
    setBusy(approve ? 'approve' : 'deny');
    const res = await answerApproval(request.id, approve);
    setBusy(null);
    // Answered, or gone meanwhile (the toast says so): either way it is no longer waiting.
    onAnswered(request.id);
    if (res.ok) Toast.show({ content: t(approve ? 'mobile.approval.approved' : 'mobile.approval.denied') });
  };

  return (
    <section className="tm-approval" aria-labelledby={titleId} data-testid="approval-request">
      <h2 className="tm-approval-title" id={titleId}>
        {t('mobile.approval.title')}
      </h2>
      <p className="tm-approval-text">{t('mobile.approval.question')}</p>
      <RequestFacts ip={request.ip} userAgent={request.userAgent} createdAt={request.createdAt} left={left} />
      <div className="tm-approval-actions">
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          loading={busy === 'deny'}
          disabled={busy !== null}
          onClick={() => void answer(false)}
        >
          {t('mobile.approval.deny')}
        </Button>
        <Button
          block
          color="primary"
          size="large"
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => void answer(true)}
        >
          {t('mobile.approval.approve')}
        </Button>
      </div>
    </section>
  );
}

export function ApprovalRequests({ active }: { active: boolean }) {
  const requests = useApprovalRequests(active);
  const [answered, setAnswered] = useState<string[]>([]);
  const waiting = requests.filter((r) => !answered.includes(r.id));
  return (
    <div aria-live="polite">
      {waiting.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          onAnswered={(id) => setAnswered((ids) => [...ids, id])}
        />
      ))}
    </div>
  );
}
