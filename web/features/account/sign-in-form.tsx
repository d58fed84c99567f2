import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { signInFormSchema, type SignInForm as Values } from '@contracts/account-schemas';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, inputClass } from '@/components/ui/field';
import { ApiRequestError } from '@/lib/api-client';
import { accountQuery, switchActiveRole } from './api';
import { signInWithEmail } from './auth-api';

type FormValues = z.input<typeof signInFormSchema>;

/** Only same-site paths may be returned to after signing in. */
const safeReturn = (target: string | null) =>
  target && target.startsWith('/') && !target.startsWith('//') ? target : '/';

export function SignInForm({ redirectTo }: { redirectTo: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, Values>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '', asCoach: false },
  });
  const { errors } = form.formState;

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
    onError: (error) =>
      toast({
        title:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : SIGN_UP_MESSAGES.unexpected,
        variant: 'destructive',
      }),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      className="flex flex-col gap-4"
    >
      <Field label="Email" error={errors.email?.message}>
        <input
          className={inputClass}
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <input
          className={inputClass}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <CheckboxField {...form.register('asCoach')} label="I'm signing in as a Coach" />
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        Sign In
      </Button>
    </form>
  );
}
