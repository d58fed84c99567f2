import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { AdminShell } from './admin-shell';
import { AdminLoginForm } from './login-form';
import { adminToken, isSessionExpired } from './session';
import { useAdminSession } from './use-admin-session';

export function AdminAccessPage() {
  const stored = adminToken.get() !== null;
  const session = useAdminSession(stored);
  const expired = isSessionExpired(session.error);
  useEffect(() => {
    if (expired) adminToken.clear();
  }, [expired]);
  // A valid stored token goes straight to the dashboard (spec §4); an invalid one is forgotten.
  if (stored && session.isPending) return <PageLoading />;
  if (stored && session.data?.valid) return <Navigate to="/admin-dashboard" replace />;
  return (
    <AdminShell>
      <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
        <h1 className="text-4xl font-bold text-navy">Administrator login</h1>
        <p className="mt-2 text-muted">For the people who run Playbook.</p>
        <Card className="mt-8">
          <AdminLoginForm />
        </Card>
      </div>
    </AdminShell>
  );
}
