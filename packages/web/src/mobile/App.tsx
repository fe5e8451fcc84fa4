/**
 * The mobile app: antd-mobile (themed by its CSS variables: mobile.css, theme.css and the tenant's
 * page themes), React Router under /mobile/authentication. Only the login page is in the first load.
 */
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, type Location, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { useRouteTitle } from '../core/routing.ts';
import { sendLoginCode } from './bridge.ts';
import { Login } from './pages/Login.tsx';
import { MOBILE_BASENAME, MOBILE_NOT_OPEN, MOBILE_ROUTES } from './routes.ts';
import { PageLoading, Shell } from './Shell.tsx';

const SetDomain = lazy(() => import('./pages/SetDomain.tsx'));
const User = lazy(() => import('./pages/User.tsx'));
const Logout = lazy(() => import('./pages/Logout.tsx'));
const NotOpen = lazy(() => import('./pages/NotOpen.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));
const Register = lazy(() => import('./pages/Register.tsx'));
const FindPassword = lazy(() => import('./pages/FindPassword.tsx'));
const ThemePreview = lazy(() => import('./pages/ThemePreview.tsx'));
const SelectArea = lazy(() => import('./pages/SelectArea.tsx'));
const MustChangePwd = lazy(() => import('./pages/MustChangePwd.tsx'));
const AfterLogin = lazy(() => import('./pages/AfterLogin.tsx'));
const Agreement = lazy(() => import('./pages/Agreement.tsx'));
const BeforeAccessApp = lazy(() => import('./pages/BeforeAccessApp.tsx'));
const Fido2Login = lazy(() => import('./pages/Fido2Login.tsx'));
const ConfirmLogin = lazy(() => import('./pages/ConfirmLogin.tsx'));
const ScanQrCodeClose = lazy(() => import('./pages/ScanQrCodeClose.tsx'));
const ScanQrCodeError = lazy(() => import('./pages/ScanQrCodeError.tsx'));

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

/** Lazy themed pages: a spinner while their code loads. */
function Themed() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export function MobileApp() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <BrowserRouter basename={MOBILE_BASENAME}>
        <NavigationGuard />
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          {/* Themed pages draw their own frame (src/mobile/ThemedFrame.tsx). */}
          <Route path="/login" element={<Login />} />
          <Route element={<Themed />}>
            <Route path="/registerflow" element={<Register />} />
            <Route path="/bind" element={<Register />} />
            <Route path="/ResetPassword" element={<FindPassword />} />
            <Route path="/themes/preview" element={<ThemePreview />} />
            {/* The SMS login's area code picker: a full-screen list of its own. */}
            <Route path="/selectArea" element={<SelectArea />} />
            {/* The post-login steps go on in the login page's theme (src/mobile/flow). */}
            <Route path="/mustChangePwd/:userName/:canSkip" element={<MustChangePwd />} />
            <Route path="/afterlogin" element={<AfterLogin />} />
            <Route path="/beforeaccessapp" element={<BeforeAccessApp />} />
            <Route path="/Fido2Login" element={<Fido2Login />} />
          </Route>
          <Route element={<Shell />}>
            <Route path="/setdomain" element={<SetDomain />} />
            <Route path="/user" element={<User />} />
            <Route path="/logout/:Id" element={<Logout />} />
            <Route path="/agreement/:code" element={<Agreement />} />
            {/* The phone's half of the QR-code login. */}
            <Route path="/confirmLogin" element={<ConfirmLogin />} />
            <Route path="/scanQrCodeClose" element={<ScanQrCodeClose />} />
            <Route path="/scanQrCodeError" element={<ScanQrCodeError />} />
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
