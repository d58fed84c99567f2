import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { deleteAccountSchema, type DeleteAccountInput } from '@contracts/account-schemas';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/credential-fields';
import { Notice } from '@/components/ui/notice';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { deleteAccount, deletionQuery } from './api';

/**
 * Delete account. The server refuses while the person is still owed money (their own paid question
 * awaiting its answer, a pending payout); the page says so before anyone types a password. A
 * Coach's unanswered paid questions do not block it: they are refunded (ADR 037).
 */
export function DeleteCard() {
  const status = useQuery(deletionQuery());
  const blocker = status.data?.blocker ?? null;
  return (
    <Card className="space-y-4 border-danger/30">
      <h2 className="text-2xl font-bold text-danger">Delete account</h2>
      <p className="text-muted">
        Your name, e-mail, photo and profiles are removed and you can no longer sign in. Questions
        and payouts stay, without your name, for the other person and for our books. As a Coach, any
        paid question still waiting for your answer is refunded to its Player in full.
      </p>
      {blocker && <Notice tone="problem">{blocker}</Notice>}
      <DeleteDialog disabled={status.isPending || blocker !== null} />
    </Card>
  );
}

function DeleteDialog({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast(SETTINGS_MESSAGES.deleted);
      // Leave the signed-in page first, so its guard does not send the visitor to sign in.
      await navigate('/', { replace: true });
      // Everything cached belonged to the account; active queries refetch as a visitor.
      await queryClient.resetQueries();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields.password) {
        form.setError('password', { message: error.fields.password });
        return;
      }
      toast({ title: errorMessage(error, SIGN_UP_MESSAGES.unexpected), variant: 'destructive' });
      // A refusal (409) means the status changed since the page loaded.
      void queryClient.invalidateQueries(deletionQuery());
      setOpen(false);
    },
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="self-start" disabled={disabled}>
          Delete my account
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm."
      >
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => remove.mutate(values))}
          className="flex flex-col gap-4"
        >
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              Delete account permanently
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
