import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@contracts/account-schemas';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { resetPassword } from './auth-api';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { NewPasswordFields } from './new-password-fields';

/** Step two of a password reset: the e-mailed link lands here with its token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useMutation({
    mutationFn: (values: ResetPasswordForm) => resetPassword(token ?? '', values.newPassword),
    onSuccess: () => void navigate('/auth?mode=signin&reset=1', { replace: true }),
  });
  // better-auth refuses a used or expired token with 400 INVALID_TOKEN; the link said so already.
  const linkDead =
    !token ||
    params.get('error') !== null ||
    (reset.error instanceof ApiRequestError && /token/i.test(reset.error.message));

  return (
    <AuthCard
      title="Choose a new password"
      lead="Every device signed in to your account will be signed out."
    >
      {linkDead ? (
        <div className="flex flex-col gap-4">
          <Notice tone="problem">{SETTINGS_MESSAGES.resetLinkInvalid}</Notice>
          <Button asChild size="lg">
            <Link to="/forgot-password">Send a new link</Link>
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => reset.mutate(values))}
          className="flex flex-col gap-4"
        >
          <NewPasswordFields
            newPassword={form.register('newPassword')}
            confirmPassword={form.register('confirmPassword')}
            errors={errors}
          />
          <Button type="submit" size="lg" disabled={reset.isPending}>
            Save new password
          </Button>
          {reset.isError && (
            <Notice tone="problem">{errorMessage(reset.error, SIGN_UP_MESSAGES.unexpected)}</Notice>
          )}
        </form>
      )}
    </AuthCard>
  );
}
