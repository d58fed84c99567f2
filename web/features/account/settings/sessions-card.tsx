import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGN_UP_MESSAGES } from '@contracts/account';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@contracts/dates';
import { sessionsQuery, signOutOtherSessions } from './api';

const LOAD_FAILED = 'Your sign-ins could not be loaded.';
const SIGNED_OUT = 'Signed out everywhere else';

/**
 * Where the account is signed in (issue 25): a sign-in from a new browser shows up here, and one
 * button ends every session but this browser's.
 */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const signOut = useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
      toast({ title: SIGNED_OUT });
    },
    onError: (error) =>
      toast({ title: errorMessage(error, SIGN_UP_MESSAGES.unexpected), variant: 'destructive' }),
  });
  const list = sessions.data?.sessions ?? [];

  return (
    <Card className="space-y-4">
      <h2 className="text-2xl font-bold text-navy">Where you're signed in</h2>
      <p className="text-muted">
        Every browser signed in to your account. If you don't recognise one, sign it out and change
        your password.
      </p>
      {sessions.isError ? (
        <LoadError
          message={LOAD_FAILED}
          retrying={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul
          className="divide-y divide-navy/10"
          aria-label="Sign-ins"
          aria-busy={sessions.isPending}
        >
          {list.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
              <span className="font-semibold text-ink">{session.browser}</span>
              {session.current && (
                <span className="rounded-full bg-volt px-2.5 py-0.5 text-xs font-semibold text-navy">
                  This browser
                </span>
              )}
              <span className="w-full text-sm text-muted">
                Signed in {formatDateTime(session.createdAt)} · Last active{' '}
                {formatDateTime(session.lastActiveAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={signOut.isPending || list.length < 2}
        onClick={() => signOut.mutate()}
      >
        Sign out everywhere else
      </Button>
    </Card>
  );
}
