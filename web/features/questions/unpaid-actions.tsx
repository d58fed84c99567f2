import { useMutation } from '@tanstack/react-query';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import { UNPAID_MESSAGES } from '@contracts/question-states';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { startCheckout } from './checkout-api';
import { errorMessage } from '@/lib/api-client';
import { useWithdrawQuestion } from './question-api';

/** Starts a checkout for the question and goes there, or opens it with `open` (a new tab). */
export function useCheckout(
  question: { id: string; amount: number; coachName: string },
  open: (url: string) => void = (url) => window.location.assign(url),
) {
  return useMutation({
    mutationFn: () => startCheckout({ ...question }),
    onSuccess: open,
    onError: () => toast({ ...PAYMENT_MESSAGES.paymentError, variant: 'destructive' }),
  });
}

/**
 * 'Pay now' and 'Withdraw question' for a question whose checkout was never completed: the two
 * ways out a Player has, on the question page and in My Questions alike.
 */
export function UnpaidActions(question: { id: string; amount: number; coachName: string }) {
  const checkout = useCheckout(question);
  const withdraw = useWithdrawQuestion(question.id);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button
        type="button"
        size="sm"
        disabled={checkout.isPending}
        aria-busy={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        Pay now
      </Button>
      <Dialog>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" size="sm">
            Withdraw question
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Withdraw this question?"
          description="It is removed from the Coach's inbox and cannot be paid or answered afterwards. Nothing was charged."
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={withdraw.isPending}>
                Keep it
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant="destructive"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, {
                  onError: (error) =>
                    toast({
                      title: errorMessage(error, UNPAID_MESSAGES.withdrawFailed),
                      variant: 'destructive',
                    }),
                })
              }
            >
              Withdraw question
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
