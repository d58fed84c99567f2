import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { signInFormSchema, type SignInForm as Values } from '@contracts/account-schemas';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { EmailField, PasswordField } from '@/components/ui/credential-fields';
import { Notice } from '@/components/ui/notice';
import { ApiRequestError } from '@/lib/api-client';
import { confirmationCallback, safeReturn } from '@/lib/intent';
import { accountQuery } from '@/lib/account-query';
import { switchActiveRole } from './api';
import { signInWithEmail } from './auth-api';
import { ResendConfirmation } from './resend-confirmation';

type FormValues = z.input<typeof signInFormSchema>;

export function SignInForm({ redirectTo }: { redirectTo: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, Values>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '', asCoach: false },
  });
  const { errors } = form.formState;
  // better-auth refuses an unconfirmed address with 403; the form then offers a new link.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: async (values: Values) => {
      await signInWithEmail(values);
      if (!values.asCoach) return 'signed-in' as const;
      try {
        await switchActiveRole('expert');
        return 'signed-in' as const;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404)
          return 'no-coach-role' as const;
        throw error;
      }
    },
    onSuccess: async (outcome) => {
      await queryClient.invalidateQueries(accountQuery());
      if (outcome === 'no-coach-role') {
        toast({ title: ACCOUNT_MESSAGES.coachRoleNotFound, variant: 'destructive' });
        navigate('/become-a-pro');
        return;
      }
      navigate(safeReturn(redirectTo));
    },
    onError: (error, values) => {
      setUnconfirmed(
        error instanceof ApiRequestError && error.status === 403 ? values.email : null,
      );
      toast({
        title:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : SIGN_UP_MESSAGES.unexpected,
        variant: 'destructive',
      });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      className="flex flex-col gap-4"
    >
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Link
        to="/forgot-password"
        className="-mt-2 self-end text-sm font-semibold text-navy underline"
      >
        Forgot password?
      </Link>
      <CheckboxField {...form.register('asCoach')} label="I'm signing in as a Coach" />
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        Sign In
      </Button>
      {unconfirmed && (
        <Notice tone="problem">
          <p>{SETTINGS_MESSAGES.emailNotConfirmed}</p>
          <div className="mt-3">
            <ResendConfirmation
              key={unconfirmed}
              email={unconfirmed}
              callbackURL={confirmationCallback(redirectTo ?? '/onboarding')}
            />
          </div>
        </Notice>
      )}
    </form>
  );
}
