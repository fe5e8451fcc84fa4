/**
 * The PC app: Ant Design themed with the tenant accent, React Router under /pc/authentication.
 * Only the login page is in the first load; every other page is fetched when first visited.
 */
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, lazy, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useRouteTitle } from '../core/routing.ts';
import { useTenantView } from '../core/tenant.ts';
import { Login } from './pages/Login.tsx';
import { PC_BASENAME, PC_NOT_OPEN, PC_ROUTES } from './routes.ts';
import { Shell } from './Shell.tsx';

const SetDomain = lazy(() => import('./pages/SetDomain.tsx'));
const User = lazy(() => import('./pages/User.tsx'));
const Logout = lazy(() => import('./pages/Logout.tsx'));
const NotOpen = lazy(() => import('./pages/NotOpen.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));

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
    <ConfigProvider theme={antTheme} locale={locale} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

export function PcApp() {
  return (
    <Themed>
      <BrowserRouter basename={PC_BASENAME}>
        <Titles />
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route element={<Shell />}>
            <Route path="/login" element={<Login />} />
            <Route path="/setdomain" element={<SetDomain />} />
            <Route path="/user" element={<User />} />
            <Route path="/logout/:Id" element={<Logout />} />
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
