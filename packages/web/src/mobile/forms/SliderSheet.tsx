/**
 * The slider captcha of src/core in an antd-mobile bottom sheet. `ask()` opens it and answers the
 * token once the puzzle is passed, or null when the user closes it; each opening is a new puzzle.
 */
import { Popup } from 'antd-mobile';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SliderCaptcha } from '../../core/slider/SliderCaptcha.tsx';

export interface Slider {
  ask: () => Promise<string | null>;
  sheet: ReactNode;
}

interface SliderDialogProps {
  /** The sheet has finished sliding in: until then the puzzle is laid out but not shown. */
  shown: boolean;
  onPass: (token: string) => void;
  onCancel: () => void;
}

/** The sheet's content: a modal dialog that takes the focus and gives it back when it closes. */
function SliderDialog({ shown, onPass, onCancel }: SliderDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    if (shown) ref.current?.focus({ preventScroll: true });
  }, [shown]);
  useEffect(() => () => before?.focus({ preventScroll: true }), [before]);
  return (
    <div
      ref={ref}
      className="tmt-slider-dialog"
      role="dialog"
      aria-modal="true"
      aria-label={t('mobile.login.slider')}
      tabIndex={-1}
      // While the sheet moves, the puzzle is not there to be dragged: a drag must start where
      // the handle stays, not where it passes by.
      style={shown ? undefined : { visibility: 'hidden' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <SliderCaptcha variant="mobile" onPass={onPass} onCancel={onCancel} />
    </div>
  );
}

export function useSlider(style?: CSSProperties): Slider {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const pending = useRef<((token: string | null) => void) | null>(null);

  const settle = useCallback((token: string | null) => {
    const resolve = pending.current;
    pending.current = null;
    setOpen(false);
    setShown(false);
    resolve?.(token);
  }, []);

  const ask = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        // A second question closes the first unanswered.
        pending.current?.(null);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const sheet = (
    <Popup
      visible={open}
      onMaskClick={() => settle(null)}
      afterShow={() => setShown(true)}
      destroyOnClose
      className="tmt-slider-popup"
      style={style}
      bodyClassName="tmt-slider-sheet"
    >
      {open && <SliderDialog shown={shown} onPass={(token) => settle(token)} onCancel={() => settle(null)} />}
    </Popup>
  );
  return { ask, sheet };
}
