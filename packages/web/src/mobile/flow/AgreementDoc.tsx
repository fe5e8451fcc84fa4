/** One agreement version as the reader sees it: title, version and its plain-text paragraphs. */
import type { AgreementView } from '@tessera/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface AgreementDocProps {
  agreement: AgreementView;
  /** In a box of its own height that scrolls (several agreements on one page). */
  scroll?: boolean;
  /** The title is the page's heading (the agreement's own page), else a section's. */
  main?: boolean;
}

export function AgreementDoc({ agreement, scroll = false, main = false }: AgreementDocProps) {
  const { t } = useTranslation();
  const Title = main ? 'h1' : 'h2';
  const titleId = useId();
  const paragraphs = agreement.content.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <article className="tmt-doc" aria-labelledby={titleId}>
      <Title id={titleId} className="tmt-doc-title">
        {agreement.title}
      </Title>
      <p className="tmt-doc-meta">{t('mobile.agreements.version', { version: agreement.version })}</p>
      {/* A scrolling box is focusable, so it can be read with the keyboard too. */}
      <div
        className={scroll ? 'tmt-doc-body tmt-doc-scroll' : 'tmt-doc-body'}
        tabIndex={scroll ? 0 : undefined}
        role={scroll ? 'region' : undefined}
        aria-labelledby={scroll ? titleId : undefined}
      >
        {paragraphs.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
    </article>
  );
}
