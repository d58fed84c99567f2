import { formatDateTime } from '@contracts/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { adminApiPaths } from '@contracts/admin-api-paths';
import {
  PEOPLE_MESSAGES,
  SUSPENSION_REASON_MAX,
  type AdminUserDetail,
} from '@contracts/admin-people';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { formatAdminAmount } from '@contracts/money';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, inputClass } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/page-loading';
import { ApiRequestError } from '@/lib/api-client';
import { AdminShell } from './admin-shell';
import { StatusBadge } from './admin-table';
import { adminApi, adminToken } from './session';
import { useAdminSession, useExpireOnError } from './use-admin-session';

/**
 * An administrator's page for one person (ADR 061): roles, questions, payments, payouts, reports
 * and audit trail, with Suspend or Restore, each with a required reason.
 */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const stored = adminToken.get() !== null;
  const session = useAdminSession(stored);
  useExpireOnError(session.error);
  const detail = useQuery({
    queryKey: ['admin', 'user', userId],
    queryFn: () => adminApi<AdminUserDetail>(adminApiPaths.user(userId)),
    enabled: stored,
  });
  useExpireOnError(detail.error);
  if (!stored) return <Navigate to="/admin-access" replace />;
  return (
    <AdminShell>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
        <Link to="/admin-dashboard" className="text-sm font-semibold text-navy underline">
          Back to dashboard
        </Link>
        {detail.error ? (
          <p role="alert" className="text-danger">
            {detail.error instanceof ApiRequestError ? detail.error.message : UNEXPECTED_ERROR}
          </p>
        ) : !detail.data ? (
          <PageLoading />
        ) : (
          <UserDetail user={detail.data} />
        )}
      </div>
    </AdminShell>
  );
}

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-5">
      <h2 className="text-xl font-bold text-navy">{title}</h2>
      {empty ? (
        <p className="mt-2 text-sm text-muted">None</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2 text-sm">{children}</ul>
      )}
    </Card>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-4xl font-bold break-words text-navy">{user.name}</h1>
        <p className="break-all text-muted">{user.email}</p>
        <p className="flex flex-wrap gap-2">
          {user.roles.map((r) => (
            <StatusBadge key={r.role}>{r.role === 'expert' ? 'Coach' : 'Player'}</StatusBadge>
          ))}
          {user.suspendedAt && <StatusBadge>Suspended</StatusBadge>}
          {user.deletedAt && <StatusBadge>Deleted</StatusBadge>}
        </p>
        <p className="text-sm text-muted">Joined {formatDateTime(user.createdAt)}</p>
        {user.coach && (
          <p className="text-sm">
            Coach page:{' '}
            {user.suspendedAt ? (
              'hidden while suspended'
            ) : (
              <Link className="underline" to={`/expert/${user.coach.slug}`}>
                /expert/{user.coach.slug}
              </Link>
            )}
            {' · '}
            {user.coach.payoutsEnabled ? 'Payouts set up' : 'Payouts not set up'}
          </p>
        )}
        {user.suspendedAt && (
          <p className="text-sm">
            Suspended {formatDateTime(user.suspendedAt)}: {user.suspendedReason}
          </p>
        )}
      </div>
      {!user.deletedAt && <SuspensionForm user={user} />}
      <Section title="Questions" empty={user.questions.length === 0}>
        {user.questions.map((q) => (
          <li key={`${q.side}-${q.id}`} className="flex flex-wrap gap-2">
            <StatusBadge>{q.side === 'asked' ? 'Asked' : 'Received'}</StatusBadge>
            <span className="min-w-0 flex-1 break-words">{q.question}</span>
            <span className="text-muted">
              {q.status} · {q.paymentStatus} · {formatAdminAmount(q.amount)}
            </span>
          </li>
        ))}
      </Section>
      <Section title="Payments" empty={user.payments.length === 0}>
        {user.payments.map((p) => (
          <li key={p.questionId}>
            {formatAdminAmount(p.amount)} · {p.paymentStatus}
            {p.paidAt && ` · ${formatDateTime(p.paidAt)}`}
            {p.refunded !== null &&
              ` · ${formatAdminAmount(p.refunded)} refunded${p.refundedAt ? ` ${formatDateTime(p.refundedAt)}` : ''}`}
          </li>
        ))}
      </Section>
      <Section title="Payouts" empty={user.payouts.length === 0}>
        {user.payouts.map((p) => (
          <li key={p.id}>
            {formatAdminAmount(p.amount)} · {p.status} · {formatDateTime(p.createdAt)}
          </li>
        ))}
      </Section>
      <Section title="Reports" empty={user.reports.length === 0}>
        {user.reports.map((r) => (
          <li key={r.id}>
            {r.side === 'made' ? 'Made' : 'About them'} · {r.reason} · {r.status} ·{' '}
            {formatDateTime(r.createdAt)}
          </li>
        ))}
      </Section>
      <Section title="Audit trail" empty={user.audit.length === 0}>
        {user.audit.map((a) => (
          <li key={a.id}>
            {formatDateTime(a.at)} · {a.username} · {a.action}
            {a.outcome && ` · ${a.outcome}`}
            {a.amountCents !== null && ` · ${formatAdminAmount(a.amountCents)}`}
            {a.success ? '' : ' (refused)'}
            {a.reason && ` · ${a.reason}`}
          </li>
        ))}
      </Section>
    </>
  );
}

function SuspensionForm({ user }: { user: AdminUserDetail }) {
  const action = user.suspendedAt ? 'restore' : 'suspend';
  const label = action === 'suspend' ? 'Suspend' : 'Restore';
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const act = useMutation({
    mutationFn: (reason: string) =>
      adminApi(adminApiPaths.userAction(user.id, action), { method: 'POST', body: { reason } }),
    onSuccess: async () => {
      setError(undefined);
      toast({ title: action === 'suspend' ? PEOPLE_MESSAGES.suspended : PEOPLE_MESSAGES.restored });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'user', user.id] });
    },
    onError: (e) => {
      const message =
        e instanceof ApiRequestError && e.status < 500
          ? (e.fields.reason ?? e.message)
          : UNEXPECTED_ERROR;
      setError(message);
      toast({ title: message, variant: 'destructive' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''));
  };
  return (
    <Card className="p-5">
      <form key={action} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <h2 className="text-xl font-bold text-navy">{label} account</h2>
        <Field label={`Reason to ${action}`} error={error}>
          <textarea
            name="reason"
            rows={2}
            maxLength={SUSPENSION_REASON_MAX}
            className={inputClass}
          />
        </Field>
        <Button
          type="submit"
          variant={action === 'suspend' ? 'destructive' : 'primary'}
          disabled={act.isPending}
          className="self-start"
        >
          {label}
        </Button>
      </form>
    </Card>
  );
}
