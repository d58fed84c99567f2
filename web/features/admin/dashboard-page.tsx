import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Navigate } from 'react-router';
import { ADMIN_MESSAGES } from '@contracts/admin';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/page-loading';
import { AdminShell } from './admin-shell';
import { adminApi, adminToken } from './session';
import { StatCards } from './stat-cards';
import { DisputesTab } from './tabs/disputes-tab';
import { FailedJobsTab } from './tabs/failed-jobs-tab';
import { MessagesTab } from './tabs/messages-tab';
import { PaymentsTab } from './tabs/payments-tab';
import { QuestionsTab } from './tabs/questions-tab';
import { ReportsTab } from './tabs/reports-tab';
import { SecurityTab } from './tabs/security-tab';
import { UsersTab } from './tabs/users-tab';
import { useAdminSession, useEndAdminSession, useExpireOnError } from './use-admin-session';

const TABS = [
  { value: 'users', label: 'Users', Panel: UsersTab },
  { value: 'questions', label: 'Questions', Panel: QuestionsTab },
  { value: 'payments', label: 'Payments', Panel: PaymentsTab },
  { value: 'reports', label: 'Reports', Panel: ReportsTab },
  { value: 'disputes', label: 'Disputes', Panel: DisputesTab },
  { value: 'messages', label: 'Messages', Panel: MessagesTab },
  { value: 'failed-jobs', label: 'Failed jobs', Panel: FailedJobsTab },
  { value: 'security', label: 'Security', Panel: SecurityTab },
] as const;

export function AdminDashboardPage() {
  const stored = adminToken.get() !== null;
  const session = useAdminSession(stored);
  useExpireOnError(session.error);
  const end = useEndAdminSession();
  const logout = useMutation({
    mutationFn: () => adminApi(adminApiPaths.logout, { method: 'POST' }),
    // The token is forgotten even if the server could not be reached; it expires on its own.
    onSettled: () => end(ADMIN_MESSAGES.loggedOut),
  });

  if (!stored) return <Navigate to="/admin-access" replace />;
  if (!session.data) return <PageLoading />;
  return (
    <AdminShell
      actions={
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-white/80 sm:inline">
            Signed in as {session.data.username}
          </span>
          <Button
            variant="onDark"
            size="sm"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
      }
    >
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-8 sm:py-10">
        <h1 className="text-4xl font-bold text-navy">Dashboard</h1>
        <StatCards />
        <Tabs.Root defaultValue="users" className="flex flex-col gap-5">
          <Tabs.List
            aria-label="Dashboard sections"
            className="flex gap-1 overflow-x-auto border-b border-line"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="-mb-px border-b-4 border-transparent px-4 py-2.5 font-semibold whitespace-nowrap text-muted hover:text-navy data-[state=active]:border-volt data-[state=active]:text-navy"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
              <Panel />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </AdminShell>
  );
}
