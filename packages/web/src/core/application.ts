/**
 * The application a login signs in to (docs/oidc.md, ENTER_APPLICATION): an application sends the
 * user to the login page with `?client_id=`. An unknown or disabled client id gives null. Loaded
 * again on a language switch (the name comes in the request's language). Both apps use it.
 */
import type { ApplicationInfo } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApplication } from './afterlogin.ts';

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
