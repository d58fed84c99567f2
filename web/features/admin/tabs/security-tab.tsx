import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_MESSAGES,
  totpCodeSchema,
  type TotpCodeInput,
  type TotpEnrolment,
} from '@contracts/admin';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, inputClass } from '@/components/ui/field';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { adminApi } from '../session';
import { ADMIN_QUERY_KEY, useAdminSession, useSessionExpiry } from '../use-admin-session';

/** Two-factor sign-in for the signed-in administrator (ADR 028): set up, turn on, turn off. */
export function SecurityTab() {
  const session = useAdminSession(true);
  const enabled = session.data?.totpEnabled ?? false;
  const expire = useSessionExpiry();
  const setup = useMutation({
    mutationFn: () => adminApi<TotpEnrolment>(adminApiPaths.totpSetup, { method: 'POST' }),
    onError: (error) => {
      expire(error);
      toast({ title: errorMessage(error, UNEXPECTED_ERROR), variant: 'destructive' });
    },
  });

  return (
    <Card className="max-w-2xl space-y-4">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-navy">
        {enabled ? <ShieldCheck aria-hidden className="text-success" /> : <ShieldOff aria-hidden />}
        Two-factor sign-in
      </h2>
      <p className="text-muted">
        {enabled
          ? 'On: every sign-in asks for the 6-digit code from your authenticator app.'
          : 'Off: sign-in asks for your password only. Turn it on so a stolen password is not enough.'}
      </p>
      {enabled ? (
        <CodeForm action="disable" />
      ) : setup.data ? (
        <Enrolment enrolment={setup.data} />
      ) : (
        <Button variant="dark" disabled={setup.isPending} onClick={() => setup.mutate()}>
          Set up two-factor sign-in
        </Button>
      )}
    </Card>
  );
}

function Enrolment({ enrolment }: { enrolment: TotpEnrolment }) {
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <div className="space-y-4">
      <p>Scan this code with your authenticator app, or type the key below into it.</p>
      <img
        src={qr}
        alt="QR code to add Playbook Admin to an authenticator app"
        className="size-48"
      />
      <p className="text-sm">
        Key: <code className="rounded bg-surface px-2 py-1 break-all">{enrolment.secret}</code>
      </p>
      <CodeForm action="enable" />
    </div>
  );
}

function CodeForm({ action }: { action: 'enable' | 'disable' }) {
  const queryClient = useQueryClient();
  const expire = useSessionExpiry();
  const form = useForm<TotpCodeInput>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });
  const submit = useMutation({
    mutationFn: (input: TotpCodeInput) =>
      adminApi(adminApiPaths.totp(action), { method: 'POST', body: input }),
    onSuccess: () => {
      toast(action === 'enable' ? ADMIN_MESSAGES.totpOn : ADMIN_MESSAGES.totpOff);
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      expire(error);
      if (error instanceof ApiRequestError && error.fields.code) {
        form.setError('code', { message: error.fields.code });
        return;
      }
      toast({ title: errorMessage(error, UNEXPECTED_ERROR), variant: 'destructive' });
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      className="flex flex-col gap-4 sm:max-w-xs"
    >
      <Field label="Authentication code" error={form.formState.errors.code?.message}>
        <input
          className={inputClass}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
        />
      </Field>
      <Button
        type="submit"
        variant={action === 'enable' ? 'dark' : 'destructive'}
        disabled={submit.isPending}
      >
        {action === 'enable' ? 'Turn on' : 'Turn off'}
      </Button>
    </form>
  );
}
