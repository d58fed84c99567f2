import { useMutation } from '@tanstack/react-query';
import { MessageCircleQuestion, Trophy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, type Role } from '@contracts/account';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/page-loading';
import { chooseRole, useAccount, useSetAccount } from './api';
import { createProfilePath, ONBOARDING_ROLE_PARAM } from './guard';
import { RETURN_PARAM, safeReturn, withReturn } from '@/lib/intent';
import { twoAttempts } from './retry';
import { cn } from '@/lib/cn';

const choices = [
  {
    role: 'asker' as const,
    icon: MessageCircleQuestion,
    title: "I'm a Player",
    text: 'Ask coaches your questions and get written answers.',
    action: 'Continue as a Player',
  },
  {
    role: 'expert' as const,
    icon: Trophy,
    title: "I'm a Coach",
    text: 'Answer questions, set your price and get paid.',
    action: 'Continue as a Coach',
  },
];

/** `?role=expert`: the side the person chose on signing up (`ONBOARDING_ROLE_PARAM`). */
function chosenRole(params: URLSearchParams): Role | null {
  const role = params.get(ONBOARDING_ROLE_PARAM);
  return role === 'expert' || role === 'asker' ? role : null;
}

export function OnboardingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const account = useAccount();
  const setAccount = useSetAccount();
  const preferred: Role = params.get('pref') === 'expert' ? 'expert' : 'asker';
  // The side already chosen ('Sign Up as a Coach', issue 36): taken at once, not asked again.
  const chosen = chosenRole(params);
  const returnTo = params.get(RETURN_PARAM);
  const choose = useMutation({
    mutationFn: (role: Role) => twoAttempts(() => chooseRole(role)),
    onSuccess: (updated, role) => {
      setAccount(updated);
      navigate(
        updated.profileCompleted[role]
          ? safeReturn(returnTo)
          : withReturn(createProfilePath(role), returnTo),
      );
    },
    onError: () => toast({ title: ACCOUNT_MESSAGES.roleSetupFailed, variant: 'destructive' }),
  });

  const signedIn = account.data?.user != null;
  const taken = useRef(false);
  const { mutate } = choose;
  useEffect(() => {
    if (!chosen || !signedIn || taken.current) return;
    taken.current = true;
    mutate(chosen);
  }, [chosen, signedIn, mutate]);

  if (account.isPending) return <PageLoading />;
  if (!account.data?.user) {
    return (
      <Navigate
        to={`/auth?mode=signup${(chosen ?? preferred) === 'expert' ? '&type=expert' : ''}`}
        replace
      />
    );
  }
  // Until the chosen role is taken; should that fail, the choice is offered (its toast says why).
  if (chosen && !choose.isError) return <PageLoading />;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
      <h1 className="text-4xl font-bold text-navy sm:text-5xl">Pick your side</h1>
      <p className="mt-3 text-lg text-muted">
        How will you use Playbook? You can add the other role later.
      </p>
      <div className="mt-8 grid gap-5 md:grid-cols-2">
        {choices.map((choice) => {
          const held = account.data.roles.includes(choice.role);
          return (
            <section
              key={choice.role}
              aria-labelledby={`choice-${choice.role}`}
              className={cn(
                'flex flex-col rounded-2xl border-2 bg-white p-6 shadow-sm',
                choice.role === preferred ? 'border-navy' : 'border-line',
              )}
            >
              <choice.icon className="size-9 text-navy" aria-hidden />
              <h2 id={`choice-${choice.role}`} className="mt-3 text-3xl font-bold text-navy">
                {choice.title}
              </h2>
              <p className="mt-2 flex-1 text-muted">{choice.text}</p>
              <Button
                className="mt-6"
                size="lg"
                variant={choice.role === preferred ? 'primary' : 'dark'}
                disabled={choose.isPending}
                onClick={() => choose.mutate(choice.role)}
              >
                {choice.action}
              </Button>
              {held && <p className="mt-2 text-sm text-muted">You already have this role.</p>}
            </section>
          );
        })}
      </div>
    </div>
  );
}
