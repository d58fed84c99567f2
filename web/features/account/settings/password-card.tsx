import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { changePasswordFormSchema, type ChangePasswordForm } from '@contracts/account-schemas';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/credential-fields';
import { errorMessage } from '@/lib/api-client';
import { changePassword } from '../auth-api';
import { NewPasswordFields } from '../new-password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: needs the current one, and signs every other device out. */
export function PasswordCard() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: (values: ChangePasswordForm) =>
      changePassword(values.currentPassword, values.newPassword),
    onSuccess: () => {
      form.reset(EMPTY);
      toast(SETTINGS_MESSAGES.passwordChanged);
    },
    onError: (error) =>
      toast({ title: errorMessage(error, SIGN_UP_MESSAGES.unexpected), variant: 'destructive' }),
  });

  return (
    <Card className="space-y-4">
      <h2 className="text-2xl font-bold text-navy">Password</h2>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
        className="flex flex-col gap-4"
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          newPassword={form.register('newPassword')}
          confirmPassword={form.register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" variant="dark" className="self-start" disabled={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
