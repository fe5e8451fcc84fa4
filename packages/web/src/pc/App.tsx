/**
 * The PC app: Ant Design themed with the tenant accent, React Router under /pc/authentication.
 * Only the login page is in the first load; every other page is fetched when first visited.
 * The themed pages (login, registration, find password) paint their own frame; the others sit
 * in the Shell.
 */
import { LoadingOutlined } from '@ant-design/icons';
import type { UiConfigType } from '@tessera/shared';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, Suspense, lazy, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useBoot } from '../core/bootstrap.ts';
import { loginMethods } from '../core/codes.ts';
import { useRouteTitle } from '../core/routing.ts';
import { useTenantView } from '../core/tenant.ts';
import { PageLoading } from './PageLoading.tsx';
import { Login } from './pages/Login.tsx';
import { PC_BASENAME, PC_NOT_OPEN, PC_ROUTES } from './routes.ts';
import { Shell } from './Shell.tsx';
import { ThemeFrame } from './ThemeFrame.tsx';

/**
 * Buttons keep their words as written ("验证", not "验 证"). The spinner of a busy button is given
 * here, not left to Ant Design's default: the default one leaves by an animation, and when the
 * browser misses the animation's end it stays in the button, unseen, and screen readers go on
 * announcing "loading" on a button that is ready again.
 */
const BUTTONS = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };

const SetDomain = lazy(() => import('./pages/SetDomain.tsx'));
const User = lazy(() => import('./pages/User.tsx'));
const Logout = lazy(() => import('./pages/Logout.tsx'));
const NotOpen = lazy(() => import('./pages/NotOpen.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));
const Register = lazy(() => import('./pages/Register.tsx'));
const FindPassword = lazy(() => import('./pages/FindPassword.tsx'));
const MustChangePwd = lazy(() => import('./pages/MustChangePwd.tsx'));
const AfterLogin = lazy(() => import('./pages/AfterLogin.tsx'));
const BeforeAccessApp = lazy(() => import('./pages/BeforeAccessApp.tsx'));
const Fido2Login = lazy(() => import('./pages/Fido2Login.tsx'));
const Fido2Bind = lazy(() => import('./pages/Fido2Bind.tsx'));
const Agreement = lazy(() => import('./pages/Agreement.tsx'));
const Themes = lazy(() => import('./pages/Themes.tsx'));
const ThemePreview = lazy(() => import('./pages/ThemePreview.tsx'));

function Titles() {
  useRouteTitle(PC_ROUTES);
  return null;
}

function Themed({ children }: { children: ReactNode }) {
  const { theme } = useTenantView('pc');
  const { i18n } = useTranslation();
  const antTheme = useMemo<ThemeConfig>(
    () => ({
      token: {
        colorPrimary: theme.accent,
        colorInfo: theme.accent,
        colorLink: theme.accent,
        borderRadius: 6,
      },
    }),
    [theme.accent],
  );
  const locale = i18n.language === 'en' ? enUS : zhCN;
  // Static message.error renders outside this tree; give it the same theme and locale.
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (node) => (
        <ConfigProvider theme={antTheme} locale={locale}>
          {node}
        </ConfigProvider>
      ),
    });
  }, [antTheme, locale]);
  return (
    <ConfigProvider theme={antTheme} locale={locale} button={BUTTONS}>
      {children}
    </ConfigProvider>
  );
}

/**
 * A themed page the tenant may have switched off: its frame while its code loads (no blank page,
 * no default theme), or the "not open" page when the tenant does not offer it.
 */
function Offered({ page, open, children }: { page: UiConfigType; open: boolean; children: ReactNode }) {
  const { loaded } = useBoot();
  if (!loaded) return <div className="ts-frame ts-frame--pending" />;
  if (!open) {
    return (
      <Shell>
        <NotOpen />
      </Shell>
    );
  }
  return (
    <Suspense
      fallback={
        <ThemeFrame page={page}>
          <PageLoading />
        </ThemeFrame>
      }
    >
      {children}
    </Suspense>
  );
}

function RegisterRoute() {
  const { config } = useBoot();
  return (
    <Offered page="PC_REGISTER" open={!!config?.enableRegister}>
      <Register />
    </Offered>
  );
}

function FindPasswordRoute() {
  const { config } = useBoot();
  return (
    <Offered page="PC_FIND_PWD" open={config?.isHideFindPassword === 'N'}>
      <FindPassword />
    </Offered>
  );
}

/** The FIDO2 login page, open when the tenant offers FIDO2 among its login methods. */
function Fido2LoginRoute() {
  const { config } = useBoot();
  const open = loginMethods(config?.loginPriority, ['password', 'fido2']).includes('fido2');
  return (
    <Offered page="PC_LOGIN" open={open}>
      <Fido2Login />
    </Offered>
  );
}

export function PcApp() {
  return (
    <Themed>
      <BrowserRouter basename={PC_BASENAME}>
        <Titles />
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<Login />} />
          <Route path="/registerflow" element={<RegisterRoute />} />
          <Route path="/bind" element={<RegisterRoute />} />
          <Route path="/ResetPassword" element={<FindPasswordRoute />} />
          <Route path="/Fido2Login" element={<Fido2LoginRoute />} />
          <Route
            path="/themes"
            element={
              <Suspense fallback={<PageLoading />}>
                <Themes />
              </Suspense>
            }
          />
          <Route
            path="/themes/preview"
            element={
              <Suspense fallback={null}>
                <ThemePreview />
              </Suspense>
            }
          />
          <Route element={<Shell />}>
            <Route path="/setdomain" element={<SetDomain />} />
            <Route path="/user" element={<User />} />
            <Route path="/logout/:Id" element={<Logout />} />
            <Route path="/mustChangePwd/:userName/:canSkip" element={<MustChangePwd />} />
            <Route path="/afterlogin" element={<AfterLogin />} />
            <Route path="/beforeaccessapp" element={<BeforeAccessApp />} />
            <Route path="/Fido2Bind" element={<Fido2Bind />} />
            <Route path="/agreement/:code" element={<Agreement />} />
            {PC_NOT_OPEN.map((path) => (
              <Route key={path} path={path} element={<NotOpen />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </Themed>
  );
}
