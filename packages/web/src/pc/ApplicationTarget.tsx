/**
 * The application a login signs in to (docs/oidc.md, ENTER_APPLICATION): an application sends the
 * user to the login page with `?client_id=`; the page names it above the form with its logo. An
 * unknown or disabled client id shows nothing. Loaded again on a language switch (the name comes
 * in the request's language).
 */
import type { ApplicationInfo } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
export { useLoginApplication } from '../core/application.ts';

/** "Sign in to {name}" with the application's logo (when it has one). */
export function ApplicationTarget({ app, text }: { app: ApplicationInfo; text?: string }) {
  const { t } = useTranslation();
  return (
    <p className="ts-app-target" data-testid="application-target">
      {app.logo && <img className="ts-app-target-logo" src={app.logo} alt="" />}
      <span className="ts-app-target-text">{text ?? t('application.signInTo', { name: app.name })}</span>
    </p>
  );
}
