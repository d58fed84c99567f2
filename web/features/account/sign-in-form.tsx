import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { signInFormSchema, type SignInForm as Values } from '@contracts/account-schemas';
import { REDIRECT_NOTICE_TEXTS } from '@contracts/messages';
import { PAGE_FORM_FIELD, PAGE_FORMS } from '@contracts/ssr';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { EmailField, PasswordField } from '@/components/ui/credential-fields';
import { Notice } from '@/components/ui/notice';
import { withNotice } from '@/components/redirect-notice-state';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { ApiRequestError } from '@/lib/api-client';
import { confirmationCallback, safeReturn } from '@/lib/intent';
import { accountQuery } from '@/lib/account-query';
import { usePageForm } from '@/lib/page-form';
import { switchActiveRole } from './api';
import { signInWithEmail } from './auth-api';
import { ResendConfirmation } from './resend-confirmation';

type FormValues = z.input<typeof signInFormSchema>;

export function SignInForm({ redirectTo }: { redirectTo: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What the server made of this form when it was posted before the app loaded (ADR 053).
  const posted = usePageForm(PAGE_FORMS.signIn);
  const form = useForm<FormValues, unknown, Values>({
    resolver: zodResolver(signInFormSchema),
    // No default values: each field's starting value is read from the page, so what was typed
    // before the app hydrated it is kept, not emptied.
  });
  const { errors, submitCount } = form.formState;
  const postedError = (field: 'email' | 'password') =>
    submitCount === 0 ? posted?.fieldErrors?.[field] : undefined;
  // better-auth refuses an unconfirmed address with 403; the form then offers a new link.
  const [refused, setRefused] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<string | null>(
    posted?.outcome === 'email-not-confirmed' ? (posted.values.email ?? null) : null,
  );

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
        // Said on the page it leads to, until dismissed (issue 36).
        navigate('/onboarding?pref=expert', {
          state: withNotice(ACCOUNT_MESSAGES.coachRoleNotFound),
        });
        return;
      }
      navigate(safeReturn(redirectTo));
    },
    onError: (error, values) => {
      setUnconfirmed(
        error instanceof ApiRequestError && error.status === 403 ? values.email : null,
      );
      // A suspended account (423) is told in the form, and it stays until dismissed (issue 36).
      if (error instanceof ApiRequestError && error.status === 423) {
        setRefused(error.message);
        return;
      }
      setRefused(null);
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
    // A plain form the server handles too, before the app loads or without it (ADR 053); it
    // posts to this page's address, so the `redirect` intent goes with it.
    <form
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.signIn} />
      {posted?.message && submitCount === 0 && <Notice tone="problem">{posted.message}</Notice>}
      {refused && (
        <Notice
          tone="problem"
          dismiss={{ label: REDIRECT_NOTICE_TEXTS.dismiss, onDismiss: () => setRefused(null) }}
        >
          {refused}
        </Notice>
      )}
      <EmailField
        error={errors.email?.message ?? postedError('email')}
        defaultValue={posted?.values.email}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message ?? postedError('password')}
        {...form.register('password')}
      />
      <Link
        to="/forgot-password"
        className="-mt-2 self-end text-sm font-semibold text-navy underline"
      >
        Forgot password?
      </Link>
      <CheckboxField
        defaultChecked={posted?.values.asCoach === 'on'}
        {...form.register('asCoach')}
        label="I'm signing in as a Coach"
      />
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        Sign In
      </Button>
      {unconfirmed && (
        <Notice tone="problem">
          <p>{SETTINGS_MESSAGES.emailNotConfirmed}</p>
          <div className="mt-3">
            {/* The new link is the app's to send; its button waits for it (ADR 053). */}
            <UntilHydrated>
              <ResendConfirmation
                key={unconfirmed}
                email={unconfirmed}
                callbackURL={confirmationCallback(redirectTo ?? '/onboarding')}
              />
            </UntilHydrated>
          </div>
        </Notice>
      )}
    </form>
  );
}
