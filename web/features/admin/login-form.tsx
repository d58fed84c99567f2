import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_MESSAGES,
  adminLoginSchema,
  type AdminLoginInput,
} from '@contracts/admin';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { dismissToast, toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/credential-fields';
import { api, ApiRequestError } from '@/lib/api-client';
import { adminToken } from './session';

/** Spec §4: a server message containing either phrase locks the form. */
const isLockMessage = (message: string) => /Too many failed attempts|locked/i.test(message);

export function AdminLoginForm() {
  const navigate = useNavigate();
  const [failures, setFailures] = useState(0);
  const [locked, setLocked] = useState(false);
  // Asked for once the password was right and two-factor sign-in is on (ADR 028).
  const [codeAsked, setCodeAsked] = useState(false);
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { username: '', password: '', code: undefined },
  });
  const { errors } = form.formState;

  const login = useMutation({
    mutationFn: (input: AdminLoginInput) =>
      api<{ token: string }>(adminApiPaths.login, { method: 'POST', body: input }),
    onSuccess: ({ token }) => {
      adminToken.set(token);
      dismissToast();
      void navigate('/admin-dashboard', { replace: true });
    },
    onError: (error, input) => {
      // A refusal carries the server's words; anything else is the spec's unexpected message.
      const known = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
      const message = known
        ? error.message || ADMIN_MESSAGES.invalidCredentials
        : ADMIN_MESSAGES.unexpected;
      if (known && error.fields.code && !input.code) {
        // Not a failure: the right password, and now the code.
        setCodeAsked(true);
        toast({ title: message });
        return;
      }
      const count = failures + 1;
      setFailures(count);
      if (known && (isLockMessage(message) || count >= ADMIN_MAX_FAILED_ATTEMPTS)) setLocked(true);
      toast({ title: message, variant: 'destructive' });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit(
        (values) => login.mutate(codeAsked ? values : { ...values, code: undefined }),
        () => toast({ ...ADMIN_MESSAGES.validation, variant: 'destructive' }),
      )}
    >
      <fieldset disabled={locked || login.isPending} className="flex flex-col gap-5">
        <Field label="Username" error={errors.username?.message}>
          <input
            className={inputClass}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('username')}
          />
        </Field>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {codeAsked && (
          <Field
            label="Authentication code"
            error={errors.code?.message}
            hint={ADMIN_MESSAGES.totpRequired}
          >
            <input
              className={inputClass}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              {...form.register('code')}
            />
          </Field>
        )}
        <Button type="submit" variant="dark" size="lg" className="w-full">
          <Lock aria-hidden />
          {login.isPending ? 'Signing in…' : 'Secure Login'}
        </Button>
      </fieldset>
      {failures > 0 && (
        <div
          role={locked ? 'alert' : 'status'}
          className={
            locked
              ? 'rounded-lg bg-danger-soft px-4 py-3 text-sm font-semibold text-danger'
              : 'text-sm font-medium text-danger'
          }
        >
          <p>{ADMIN_MESSAGES.attempts(failures)}</p>
          {locked && <p className="mt-1">{ADMIN_MESSAGES.lockedNotice}</p>}
        </div>
      )}
      <p className="text-center text-sm text-muted">
        All access attempts are logged with time, username, IP address and browser.
      </p>
    </form>
  );
}
