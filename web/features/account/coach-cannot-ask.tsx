import { useMutation } from '@tanstack/react-query';
import { Repeat, UserPlus } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@contracts/account';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { WarningNotice } from '@/components/ui/warning-notice';
import { chooseRole, useAccount, useSetAccount, useSwitchRole } from './api';
import { twoAttempts } from './retry';

/**
 * Acting as a Coach: the spec's message and the way to Player mode instead of the form. The route
 * guard switches a Coach who holds the Player role already, so this is mostly seen by Coaches who
 * do not; adding the role makes it active, and the guard then asks for the Player profile and
 * comes back here.
 */
export function CoachCannotAsk() {
  const account = useAccount();
  const setAccount = useSetAccount();
  const switchRole = useSwitchRole();
  const holdsPlayer = account.data?.roles.includes('asker') ?? false;
  const addRole = useMutation({
    mutationFn: () => twoAttempts(() => chooseRole('asker')),
    onSuccess: setAccount,
    onError: () => toast({ title: ACCOUNT_MESSAGES.roleSetupFailed, variant: 'destructive' }),
  });

  const onSwitch = () => {
    if (!holdsPlayer) {
      addRole.mutate();
      return;
    }
    switchRole.mutate('asker', {
      onError: () =>
        toast({ title: ACCOUNT_MESSAGES.roleActivationFailed, variant: 'destructive' }),
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <WarningNotice message={QUESTION_MESSAGES.coachCannotAsk} />
      <Button
        type="button"
        size="lg"
        className="w-full sm:w-auto"
        disabled={switchRole.isPending || addRole.isPending}
        onClick={onSwitch}
      >
        {holdsPlayer ? <Repeat aria-hidden /> : <UserPlus aria-hidden />}
        {holdsPlayer ? 'Switch to Player Mode' : 'Add the Player Role'}
      </Button>
    </div>
  );
}
