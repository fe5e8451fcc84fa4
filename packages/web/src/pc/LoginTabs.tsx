/**
 * The login method tabs (WAI-ARIA tabs: arrow keys, Home and End move between them). Not antd
 * Tabs: those name their panel after the tab, and a panel named "Password" next to the field
 * named "Password" would make the label ambiguous (for people and for the tests that find the
 * fields by their labels). Colours come from the frame: --ts-tab-color, --ts-tab-active.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
}

interface Props<K extends string> {
  tabs: readonly LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's name ("login method"). */
  label: string;
  children: ReactNode;
}

export function LoginTabs<K extends string>({ tabs, active, onChange, label, children }: Props<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = tabs[(moves[e.key]! + tabs.length) % tabs.length]!;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };

  return (
    <div className="ts-login-tabs">
      <div className="ts-tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) refs.current.set(tab.key, node);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={`ts-tab${selected ? ' ts-tab--active' : ''}`}
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="ts-tab-panel" role="tabpanel" id={`${id}-panel`}>
        {children}
      </div>
    </div>
  );
}
