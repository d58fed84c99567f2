import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { OfflineNotice } from '@/components/offline-notice';
import { noticeOf } from '@/components/redirect-notice-state';
import { useRealtime } from './realtime';
import { Footer } from './footer';
import { Header } from './header';

/** Loaded only when a redirect brought a notice: most pages never show one. */
const RedirectNotice = lazy(() =>
  import('@/components/redirect-notice').then(({ RedirectNotice }) => ({
    default: RedirectNotice,
  })),
);

export function Layout() {
  useRealtime();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-volt px-3 py-2 text-navy focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <OfflineNotice />
      {/* At least a screen tall below the header (h-16), so the footer starts at the fold and
          does not jump down when a lazily loaded page arrives (it was the home page's layout
          shift, CLS 0.19). */}
      <main id="main" className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col">
        {noticeOf(location.state) && (
          <Suspense fallback={null}>
            <RedirectNotice />
          </Suspense>
        )}
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
