import { useQuery } from '@tanstack/react-query';
import { ADMIN_MESSAGES, type AdminStats } from '@contracts/admin';
import { formatAdminAmount } from '@contracts/money';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { count } from '@/lib/count';
import { adminApi, isSessionExpired } from './session';
import { ADMIN_QUERY_KEY, useExpireOnError } from './use-admin-session';

/** The four stat cards (spec §2), carrying all nine figures of the spec's stats. */
export function StatCards() {
  const stats = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'stats'],
    queryFn: ({ signal }) => adminApi<AdminStats>(adminApiPaths.stats, { signal }),
  });
  useExpireOnError(stats.error);
  // Said as a toast too (spec §9); an expired session has its own message.
  useErrorToast(isSessionExpired(stats.error) ? null : stats.error, () => ({
    title: ADMIN_MESSAGES.dashboardFailed,
  }));
  if (stats.isError) {
    return (
      <LoadError
        message={ADMIN_MESSAGES.dashboardFailed}
        retrying={stats.isFetching}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  const s = stats.data;
  const cards = [
    {
      label: 'Total Users',
      value: s?.totalUsers.toLocaleString('en-US'),
      detail:
        s && `${count(s.totalCoaches, 'Coach', 'Coaches')} · ${count(s.totalPlayers, 'Player')}`,
    },
    {
      label: 'Total Questions',
      value: s?.totalQuestions.toLocaleString('en-US'),
      detail: s && `${s.answeredQuestions} answered · ${s.pendingQuestions} pending`,
    },
    {
      label: 'Total Payments',
      value: s?.totalPayments.toLocaleString('en-US'),
      detail: 'Paid questions',
    },
    {
      label: 'Total Earnings',
      // What the figure is, and in what (issue 36): the platform's fees, not the Players' payments.
      value: s && `${formatAdminAmount(s.totalEarnings)} USD`,
      detail: s && `Platform fees kept · ${count(s.pendingPayouts, 'payout')} pending`,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="h-full p-5">
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">{card.label}</p>
            <p className="mt-2 font-display text-3xl font-bold text-navy tabular-nums">
              {card.value ?? '—'}
            </p>
            <p className="mt-1 text-sm text-muted">{card.detail ?? ' '}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
