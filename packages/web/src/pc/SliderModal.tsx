/**
 * The slider puzzle in an antd Modal, as a promise: `ask()` opens it and resolves with the token
 * once the puzzle is solved, or null when the user closes it. Each opening is a new puzzle.
 * The dialog is named by its title (kept for assistive technology; the puzzle shows it too).
 */
import { Modal } from 'antd';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SliderCaptcha } from '../core/slider/SliderCaptcha.tsx';

export interface SliderGate {
  ask: () => Promise<string | null>;
  /** Render this once in the page. */
  modal: ReactNode;
}

export function useSliderGate(accent?: string): SliderGate {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pending = useRef<((token: string | null) => void) | null>(null);

  const settle = useCallback((token: string | null) => {
    const resolve = pending.current;
    pending.current = null;
    setOpen(false);
    resolve?.(token);
  }, []);

  const ask = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        pending.current?.(null);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  // Leaving the page with the puzzle open: whoever waits gets "cancelled".
  useEffect(() => () => pending.current?.(null), []);

  const modal = (
    <Modal
      open={open}
      title={t('slider.title')}
      footer={null}
      closable={false}
      centered
      destroyOnHidden
      width={352}
      onCancel={() => settle(null)}
      mask={{ closable: false }}
      classNames={{ header: 'ts-sr-only' }}
      styles={{
        root: (accent ? { '--ts-accent': accent } : {}) as CSSProperties,
        container: { padding: 0, overflow: 'hidden' },
      }}
    >
      <SliderCaptcha variant="pc" onPass={(token) => settle(token)} onCancel={() => settle(null)} />
    </Modal>
  );
  return { ask, modal };
}
