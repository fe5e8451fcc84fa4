/**
 * One agreement version: its title, version and text. The text is plain, paragraphs separated by
 * blank lines (AgreementView.content); in a step it scrolls in its own keyboard-reachable box.
 */
import type { AgreementView } from '@tessera/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function AgreementContent({ agreement, boxed }: { agreement: AgreementView; boxed: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const paragraphs = agreement.content.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  const Heading = boxed ? 'h2' : 'h1';
  return (
    <article className="ts-agreement" aria-labelledby={titleId}>
      <header className="ts-agreement-head">
        <Heading id={titleId} className={boxed ? 'ts-agreement-title' : 'ts-card-title'}>
          {agreement.title}
        </Heading>
        <span className="ts-agreement-version">
          {t('agreementStep.version', { version: agreement.version })}
        </span>
      </header>
      {/* A scrolling box must take the keyboard focus, or keyboard users cannot read it all. */}
      <div
        className={boxed ? 'ts-agreement-body ts-agreement-body--boxed' : 'ts-agreement-body'}
        tabIndex={boxed ? 0 : undefined}
        role={boxed ? 'region' : undefined}
        aria-labelledby={boxed ? titleId : undefined}
      >
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </article>
  );
}
