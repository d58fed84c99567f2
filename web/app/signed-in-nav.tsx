import { useQueryClient } from '@tanstack/react-query';
import { Inbox, LogOut, Repeat, UserRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, ROLE_LABEL, type Account } from '@contracts/account';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { signOut, useSwitchRole } from '@/features/account/api';
import { useUnreadCount } from '@/features/questions/unread';
import { navButton } from './nav-button';

// The signed-in navigation is its own chunk: a visitor's first paint of / never needs it (ADR 016).

/** Icon always, words from the small-tablet width up; the words stay the accessible name. */
function NavLabel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      {icon}
      <span className="sr-only md:not-sr-only">{children}</span>
    </>
  );
}

export function SignedInNav({ account }: { account: Account }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const switchRole = useSwitchRole();
  const coach = account.activeRole === 'expert';
  const other = coach ? 'asker' : 'expert';
  const holdsBoth = account.roles.length === 2;
  const unread = useUnreadCount(Boolean(account.activeRole)).data?.count ?? 0;

  const onSignOut = async () => {
    await signOut().catch(() => undefined);
    // Everything cached belonged to the signed-in user; active queries refetch as a visitor.
    await queryClient.resetQueries();
    navigate('/');
  };

  return (
    <>
      {account.activeRole && (
        <Button asChild variant="ghost" size="sm" className={navButton}>
          <Link to="/inbox" className="relative">
            <NavLabel icon={<Inbox aria-hidden />}>Inbox</NavLabel>
            {unread > 0 && (
              <span
                data-testid="inbox-badge"
                className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-volt px-1 text-xs font-bold text-navy"
              >
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </Link>
        </Button>
      )}
      {coach && (
        <Button asChild variant="ghost" size="sm" className={navButton}>
          <Link to="/payouts">
            <NavLabel icon={<Wallet aria-hidden />}>Payouts</NavLabel>
          </Link>
        </Button>
      )}
      {account.activeRole && (
        <Button asChild variant="ghost" size="sm" className={navButton}>
          <Link to={coach ? '/manage-expert-profile' : '/manage-asker-profile'}>
            <NavLabel icon={<UserRound aria-hidden />}>My Profile</NavLabel>
          </Link>
        </Button>
      )}
      {holdsBoth && (
        <Button
          variant="onDark"
          size="sm"
          disabled={switchRole.isPending}
          onClick={() =>
            switchRole.mutate(other, {
              onSuccess: () => navigate('/'),
              onError: () =>
                toast({ title: ACCOUNT_MESSAGES.roleActivationFailed, variant: 'destructive' }),
            })
          }
        >
          <NavLabel icon={<Repeat aria-hidden />}>{`Switch to ${ROLE_LABEL[other]}`}</NavLabel>
        </Button>
      )}
      <Button variant="ghost" size="sm" className={navButton} onClick={() => void onSignOut()}>
        <NavLabel icon={<LogOut aria-hidden />}>Sign Out</NavLabel>
      </Button>
    </>
  );
}
