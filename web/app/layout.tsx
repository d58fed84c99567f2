import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineNotice } from '@/components/offline-notice';
import { RedirectNotice } from '@/components/redirect-notice';
import { useRealtime } from './realtime';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  useRealtime();
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
        <RedirectNotice />
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
