/**
 * The frame of the PC pages that have no theme of their own (set domain, account, sign-out, steps
 * not open...): the login page's background, header and footer around a centred card.
 */
import { type CSSProperties, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTenantView } from '../core/tenant.ts';
import { PageLoading } from './PageLoading.tsx';
import { FloatingLanguageSwitch, FrameFooter, FrameHeader } from './ThemeFrame.tsx';

export function Shell({ children }: { children?: ReactNode }) {
  const { page: view } = useTenantView('pc');
  if (!view.loaded) return <div className="ts-frame ts-frame--pending" />;
  return (
    <div
      className={`ts-frame ts-frame--plain${view.backgroundIsImage ? ' ts-frame--picture' : ''}`}
      style={
        { ...view.background, color: view.pageTextColor, '--ts-accent': view.mainColor } as CSSProperties
      }
    >
      {view.header.display ? <FrameHeader view={view} /> : <FloatingLanguageSwitch view={view} />}
      <main className="ts-main ts-main--center">
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      {view.footer.display && <FrameFooter view={view} />}
    </div>
  );
}
