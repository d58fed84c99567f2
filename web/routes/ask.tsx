import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Repeat, ShieldAlert, UserPlus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@contracts/account';
import { formatWholeDollars } from '@contracts/money';
import type { PublicCoach } from '@contracts/profiles';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { chooseRole, useAccount, useSetAccount, useSwitchRole } from '@/features/account/api';
import { twoAttempts } from '@/features/account/retry';
import { AskForm } from '@/features/questions/ask-form';
import { CoachNotFound, useCoachPage } from '@/features/public-profiles/coach-page';

/** The ask-a-question form at /ask/:expertId (spec §2 'Ask form'). */
export function AskPage() {
  const { expertId = '' } = useParams();
  const account = useAccount();
  const { coach, notFound } = useCoachPage(expertId);

  if (notFound) return <CoachNotFound />;
  if (!coach || !account.data) return <PageLoading />;

  const { user, activeRole } = account.data;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <Link
        to={`/expert/${encodeURIComponent(coach.id)}`}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to profile
      </Link>
      <h1 className="mt-3 text-4xl leading-none font-bold text-navy sm:text-5xl">Ask a Question</h1>
      <CoachSummary coach={coach} />
      <Card className="mt-6 p-4 sm:p-6">
        {activeRole === 'expert' ? (
          <CoachCannotAsk />
        ) : coach.isOwner ? (
          <Notice message={QUESTION_MESSAGES.cannotAskYourself} />
        ) : (
          <AskForm
            key={coach.id}
            expertId={coach.id}
            price={coach.pricePerQuestion}
            expertName={coach.name}
            defaultName={user?.name ?? ''}
          />
        )}
      </Card>
    </div>
  );
}

function CoachSummary({ coach }: { coach: PublicCoach }) {
  return (
    <section
      aria-label="Your Coach"
      className="relative mt-6 overflow-hidden rounded-2xl bg-navy p-4 text-white shadow-sm sm:p-6"
    >
      <div
        aria-hidden
        className="absolute -top-16 -right-16 size-48 rounded-full bg-volt/15 blur-3xl"
      />
      <div className="relative flex items-center gap-4">
        <Avatar
          src={coach.photoUrl}
          name={coach.name}
          className="size-16 text-xl ring-4 ring-volt sm:size-20"
        />
        <div className="min-w-0 flex-1">
          <p className="font-display text-xs tracking-widest text-volt uppercase">Coach</p>
          <p className="font-display text-2xl leading-tight font-bold break-words sm:text-3xl">
            {coach.name}
          </p>
          <p className="text-sm break-words text-white/85 sm:text-base">{coach.expertise}</p>
        </div>
      </div>
      <p className="relative mt-4 inline-flex rounded-full bg-volt px-4 py-1.5 font-display text-lg font-bold tracking-wide text-navy uppercase">
        {`${formatWholeDollars(coach.pricePerQuestion)} per question`}
      </p>
    </section>
  );
}

/**
 * Acting as a Coach: the spec's message and the way to Player mode instead of the form. The route
 * guard switches a Coach who holds the Player role already, so this is mostly seen by Coaches who
 * do not; adding the role makes it active, and the guard then asks for the Player profile and
 * comes back here.
 */
function CoachCannotAsk() {
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
      <Notice message={QUESTION_MESSAGES.coachCannotAsk} />
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

function Notice({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex w-full items-start gap-3 rounded-xl border border-warning/30 bg-warning-soft p-4 text-left text-ink"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
      <p className="font-medium">{message}</p>
    </div>
  );
}
