import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { emailFormSchema, type EmailForm } from '@contracts/account-schemas';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/credential-fields';
import { Notice } from '@/components/ui/notice';
import { requestPasswordReset } from './auth-api';
import { errorMessage } from '@/lib/api-client';

/** Step one of a password reset: the address to send the link to. */
export function ForgotPasswordPage() {
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const request = useMutation({
    mutationFn: (values: EmailForm) => requestPasswordReset(values.email),
  });

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the e-mail address of your account and we'll send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <Notice tone="success">{SETTINGS_MESSAGES.resetLinkSent}</Notice>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => request.mutate(values))}
          className="flex flex-col gap-4"
        >
          <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
          <Button type="submit" size="lg" disabled={request.isPending}>
            Send reset link
          </Button>
          {request.isError && (
            <Notice tone="problem">
              {errorMessage(request.error, SIGN_UP_MESSAGES.unexpected)}
            </Notice>
          )}
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{' '}
        <Link to="/auth?mode=signin" className="font-semibold text-navy underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
