/**
 * The mobile app: antd-mobile (themed by CSS variables in mobile.css), React Router under
 * /mobile/authentication. Only the login page is in the first load.
 */
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, type Location, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useRouteTitle } from '../core/routing.ts';
import { sendLoginCode } from './bridge.ts';
import { Login } from './pages/Login.tsx';
import { MOBILE_BASENAME, MOBILE_NOT_OPEN, MOBILE_ROUTES } from './routes.ts';
import { Shell } from './Shell.tsx';

const SetDomain = lazy(() => import('./pages/SetDomain.tsx'));
const User = lazy(() => import('./pages/User.tsx'));
const Logout = lazy(() => import('./pages/Logout.tsx'));
const NotOpen = lazy(() => import('./pages/NotOpen.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));

function loginCodeOf(location: Location) {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const accessToken = query.get('access_token');
  return code || accessToken ? { code, access_token: accessToken } : null;
}

/** A native app owns the title while it takes a login code (specification section 2). */
const hasLoginCode = (location: Location) => loginCodeOf(location) !== null;

/** Runs on every navigation: hands login codes to the native app, else titles the page. */
function NavigationGuard() {
  const location = useLocation();
  useEffect(() => {
    const payload = loginCodeOf(location);
    if (payload) sendLoginCode(payload);
  }, [location]);
  useRouteTitle(MOBILE_ROUTES, hasLoginCode);
  return null;
}

export function MobileApp() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <BrowserRouter basename={MOBILE_BASENAME}>
        <NavigationGuard />
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route element={<Shell />}>
            <Route path="/login" element={<Login />} />
            <Route path="/setdomain" element={<SetDomain />} />
            <Route path="/user" element={<User />} />
            <Route path="/logout/:Id" element={<Logout />} />
            {MOBILE_NOT_OPEN.map((path) => (
              <Route key={path} path={path} element={<NotOpen />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </ConfigProvider>
  );
}
