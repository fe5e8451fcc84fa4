/**
 * The application a login signs in to (docs/oidc.md, ENTER_APPLICATION): an application sends the
 * user to the login page with `?client_id=`; the page names it above the form with its logo. An
 * unknown or disabled client id shows nothing. Loaded again on a language switch (the name comes
 * in the request's language).
 */
import type { ApplicationInfo } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApplication } from '../core/afterlogin.ts';

/** The application of the address's `?client_id=`, or null (none, unknown, or a preview). */
export function useLoginApplication(search: string, preview = false): ApplicationInfo | null {
  const { i18n } = useTranslation();
  const clientId = preview ? null : new URLSearchParams(search).get('client_id');
  const [app, setApp] = useState<ApplicationInfo | null>(null);

  // While another language's name loads, the one shown stays rather than flicker.
  useEffect(() => {
    if (!clientId) return;
    let live = true;
    void fetchApplication(clientId).then((info) => {
      if (live) setApp(info);
    });
    return () => {
      live = false;
    };
  }, [clientId, i18n.language]);

  return clientId && app?.clientId === clientId ? app : null;
}

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
