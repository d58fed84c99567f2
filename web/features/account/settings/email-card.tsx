import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { emailFormSchema, type EmailForm } from '@contracts/account-schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailField } from '@/components/ui/credential-fields';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { changeEmail } from '../auth-api';

/** Change e-mail: nothing changes until the link sent to the new address is opened. */
export function EmailCard({ email, justChanged }: { email: string; justChanged: boolean }) {
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const change = useMutation({ mutationFn: (values: EmailForm) => changeEmail(values.email) });

  return (
    <Card className="space-y-4">
      <h2 className="text-2xl font-bold text-navy">E-mail address</h2>
      <p className="text-muted">
        You sign in and receive messages at <strong className="text-ink">{email}</strong>.
      </p>
      {justChanged && <Notice tone="success">{SETTINGS_MESSAGES.emailChanged}</Notice>}
      {change.isSuccess ? (
        <Notice tone="success">{SETTINGS_MESSAGES.emailChangeSent(change.variables.email)}</Notice>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => change.mutate(values))}
          className="flex flex-col gap-4"
        >
          <EmailField
            label="New e-mail address"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" variant="dark" className="self-start" disabled={change.isPending}>
            Change e-mail
          </Button>
          {change.isError && (
            <Notice tone="problem">
              {errorMessage(change.error, SIGN_UP_MESSAGES.unexpected)}
            </Notice>
          )}
        </form>
      )}
    </Card>
  );
}
