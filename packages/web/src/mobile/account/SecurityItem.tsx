/** One row of the account page's security section: its name, its state and its action. */
import type { ReactNode } from 'react';

interface SecurityItemProps {
  name: string;
  state: string;
  action?: ReactNode;
  /** The action under the texts, across the row (a long label). */
  wide?: boolean;
  testId?: string;
}

export function SecurityItem({ name, state, action, wide = false, testId }: SecurityItemProps) {
  return (
    <div className={wide ? 'tm-security-item tm-security-wide' : 'tm-security-item'} data-testid={testId}>
      <div className="tm-security-text">
        <h3 className="tm-security-name">{name}</h3>
        <p className="tm-security-state">{state}</p>
      </div>
      {action && <div className="tm-security-action">{action}</div>}
    </div>
  );
}
