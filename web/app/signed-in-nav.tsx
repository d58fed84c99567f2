import { useQueryClient } from '@tanstack/react-query';
import { Inbox, LogOut, Repeat, Settings, UserRound, Wallet } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, ROLE_LABEL, type Account } from '@contracts/account';
import { toast } from '@/components/toast/toast-store';
import { signOut, useSwitchRole } from '@/features/account/api';
import { useUnreadCount } from '@/features/questions/unread';
import { COACHES_ITEM, NavEntries, type NavItem } from './nav-items';

// The signed-in navigation is its own chunk: a visitor's first paint of / never needs it (ADR 016).

export function SignedInNav({ account }: { account: Account }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const switchRole = useSwitchRole();
  const coach = account.activeRole === 'expert';
  const other = coach ? 'asker' : 'expert';
  const acting = account.activeRole !== null;
  const unread = useUnreadCount(acting).data?.count ?? 0;

  const onSignOut = async () => {
    await signOut().catch(() => undefined);
    // Everything cached belonged to the signed-in user; active queries refetch as a visitor.
    await queryClient.resetQueries();
    navigate('/');
  };
  const onSwitch = () =>
    switchRole.mutate(other, {
      onSuccess: () => navigate('/'),
      onError: () =>
        toast({ title: ACCOUNT_MESSAGES.roleActivationFailed, variant: 'destructive' }),
    });

  const items: (NavItem | false)[] = [
    COACHES_ITEM,
    acting && { label: 'Inbox', icon: Inbox, to: '/inbox', badge: unread },
    coach && { label: 'Payouts', icon: Wallet, to: '/payouts' },
    acting && {
      label: 'My Profile',
      icon: UserRound,
      to: coach ? '/manage-expert-profile' : '/manage-asker-profile',
    },
    { label: 'Account Settings', icon: Settings, to: '/account' },
    account.roles.length === 2 && {
      label: `Switch to ${ROLE_LABEL[other]}`,
      icon: Repeat,
      onSelect: onSwitch,
      disabled: switchRole.isPending,
    },
    { label: 'Sign Out', icon: LogOut, onSelect: () => void onSignOut() },
  ];
  return <NavEntries items={items.filter((item) => item !== false)} collapse="lg" />;
}
