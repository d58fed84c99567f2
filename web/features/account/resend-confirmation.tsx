import { useMutation } from '@tanstack/react-query';
import { SETTINGS_MESSAGES, SIGN_UP_MESSAGES } from '@contracts/account';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { resendConfirmation } from './auth-api';

/** "Resend confirmation email", and what came of it, for an address not yet confirmed. */
export function ResendConfirmation({ email, callbackURL }: { email: string; callbackURL: string }) {
  const resend = useMutation({ mutationFn: () => resendConfirmation(email, callbackURL) });
  return (
    <div className="flex flex-col items-center gap-2">
      <Button
        type="button"
        variant="dark"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Resend confirmation email
      </Button>
      <p aria-live="polite" className="text-sm text-muted">
        {resend.isSuccess && SETTINGS_MESSAGES.confirmationSent(email)}
        {resend.isError && errorMessage(resend.error, SIGN_UP_MESSAGES.unexpected)}
      </p>
    </div>
  );
}
