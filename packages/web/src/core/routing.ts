/**
 * Page titles per route (specification section 2), from the catalogues, following language
 * switches. Both apps list their routes with a title key; the mobile app may skip the title
 * (when a native app takes over the navigation, section 2).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, matchRoutes, useLocation } from 'react-router-dom';

export interface TitledRoute {
  path: string;
  /** A key under `title.` in the catalogues. */
  title: string;
}

/** Sets document.title on every navigation and language switch, unless `skip` says not to. */
export function useRouteTitle(routes: readonly TitledRoute[], skip?: (location: Location) => boolean): void {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (skip?.(location)) return;
    const match = matchRoutes(routes as TitledRoute[], location)?.[0]?.route;
    document.title = t(`title.${match?.title ?? 'notFound'}`);
  }, [location, routes, skip, t, i18n.language]);
}
