import { Share2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { useAccount } from '@/features/account/api';
import { shareSignUpLink } from '@/features/referral/share-link';
import type { Account } from '@contracts/account';
import { COACHES_ITEM, NavEntries, type NavItem } from './nav-items';
import type { SignedInNav as SignedInNavType } from './signed-in-nav';

let signedInNav: { SignedInNav: typeof SignedInNavType } | null = null;

/**
 * The signed-in navigation is its own chunk, loaded only once someone is signed in, so a visitor's
 * first paint does not carry it (ADR 016). The server renderer and the browser load it before they
 * render a signed-in page, so the header renders it in place: a Suspense boundary still pending
 * when the server's HTML is done would be completed by an inline script, which the CSP refuses,
 * leaving the menu empty and React to give up hydrating it (error #419, ADR 054).
 */
export const loadSignedInNav = () =>
  import('./signed-in-nav').then((module) => (signedInNav = module));

/** After a sign-in in this tab: the chunk arrives, with nothing shown meanwhile. */
const LazySignedInNav = lazy(() =>
  loadSignedInNav().then((module) => ({ default: module.SignedInNav })),
);

function SignedInSlot({ account }: { account: Account }) {
  if (signedInNav) return <signedInNav.SignedInNav account={account} />;
  return (
    <Suspense fallback={null}>
      <LazySignedInNav account={account} />
    </Suspense>
  );
}

const VISITOR_ITEMS: NavItem[] = [
  COACHES_ITEM,
  { label: 'Refer a Friend', icon: Share2, onSelect: () => void shareSignUpLink() },
];

function SignedOutNav() {
  return (
    <>
      <NavEntries items={VISITOR_ITEMS} collapse="sm" />
      <Button asChild variant="onDark" size="sm" className="px-2 sm:px-3">
        <Link to="/auth?mode=signup">Sign Up</Link>
      </Button>
      <Button asChild size="sm" className="px-2 sm:px-3">
        <Link to="/auth?mode=signin">Sign In</Link>
      </Button>
    </>
  );
}

export function Header() {
  const account = useAccount();
  return (
    <header className="sticky top-0 z-40 bg-navy text-white shadow">
      <nav
        aria-label="Main"
        className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"
      >
        <Link to="/" aria-label="Playbook home" className="shrink-0">
          {/* Below 420 px the mark stands alone, so the header fits even before the display font loads. */}
          <Brand
            onDark
            className="[&_span]:text-xl max-[420px]:[&_span]:sr-only sm:[&_span]:text-2xl"
          />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          {account.data?.user ? (
            <SignedInSlot account={account.data} />
          ) : account.data ? (
            <SignedOutNav />
          ) : (
            <NavEntries items={[COACHES_ITEM]} collapse="sm" />
          )}
        </div>
      </nav>
    </header>
  );
}
