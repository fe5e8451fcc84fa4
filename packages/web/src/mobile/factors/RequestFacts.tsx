/**
 * What the phone is told about the computer asking to sign in: its IP address and browser, when
 * it asked, and how long the request still waits. Shown by the approval requests of the phone as
 * authenticator and by the QR-code login's confirmation (/confirmLogin).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, describeBrowser, timeOf } from './common.ts';

interface RequestFactsProps {
  ip: string;
  userAgent: string;
  /** When the request was made (epoch ms); a scanned ticket does not say. */
  createdAt?: number;
  /** Seconds the request still waits. */
  left: number;
  /** Beside tm-approval-facts: the confirmation page's own layout. */
  className?: string;
  /** Test ids `<prefix>-ip` and `<prefix>-browser` on the values, as the QR-code login's tests read them. */
  testIdPrefix?: string;
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{t(label)}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function RequestFacts({ ip, userAgent, createdAt, left, className, testIdPrefix }: RequestFactsProps) {
  const { i18n } = useTranslation();
  const testId = (name: string) => (testIdPrefix ? `${testIdPrefix}-${name}` : undefined);
  return (
    <dl className={className ? `tm-approval-facts ${className}` : 'tm-approval-facts'}>
      <Fact label="mobile.approval.ip" testId={testId('ip')}>
        {ip}
      </Fact>
      <Fact label="mobile.approval.browser" testId={testId('browser')}>
        {describeBrowser(userAgent)}
      </Fact>
      {createdAt !== undefined && (
        <Fact label="mobile.approval.time">{timeOf(createdAt, i18n.language)}</Fact>
      )}
      <Fact label="mobile.approval.expires">{clock(left)}</Fact>
    </dl>
  );
}
