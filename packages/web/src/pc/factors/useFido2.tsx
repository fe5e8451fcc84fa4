/**
 * A WebAuthn ceremony (login, second factor, binding) with the browser-side errors of section 8
 * worded for people: the prompt cancelled or timed out, a key already added, a device that does
 * not support FIDO2, a platform without WebAuthn, and the device connection error, which asks
 * whether to continue (try again) or cancel.
 */
import { Modal } from 'antd';
import { type ReactElement, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fido2Problem, supportsFido2 } from '../../core/factors.ts';

export interface Fido2Ceremony {
  /** Runs the call; null when the browser refused (the problem is then set) or the user cancelled. */
  run: <T>(call: () => Promise<T>) => Promise<T | null>;
  /** What went wrong in the browser, for an Alert; null when nothing did. */
  problem: string | null;
  clear: () => void;
  /** The browser has no WebAuthn at all. */
  unsupported: boolean;
  /** Render it: the device-error dialog lives there (themed, localised). */
  holder: ReactElement;
}

export function useFido2(): Fido2Ceremony {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const [problem, setProblem] = useState<string | null>(null);
  const unsupported = !supportsFido2();

  const run = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | null> => {
      setProblem(null);
      if (!supportsFido2()) {
        setProblem(t('fido2.platform'));
        return null;
      }
      for (;;) {
        try {
          return await call();
        } catch (error) {
          const kind = fido2Problem(error);
          if (kind !== 'deviceError') {
            setProblem(t(`fido2.${kind}`));
            return null;
          }
          const again = await modal.confirm({
            title: t('fido2.deviceErrorTitle'),
            content: t('fido2.deviceErrorHint'),
            okText: t('fido2.continue'),
            cancelText: t('fido2.cancel'),
          });
          if (!again) return null;
        }
      }
    },
    [modal, t],
  );

  return { run, problem, clear: () => setProblem(null), unsupported, holder };
}
