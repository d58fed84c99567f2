import { CreditCard } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ManagePaymentButton } from './manage-payment-button';

/** The Coach's payment account on the manage-profile page: its state and the way to manage it. */
export function PaymentAccountCard({ onboardingComplete }: { onboardingComplete: boolean }) {
  return (
    <Card className="bg-navy text-white">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <CreditCard className="mt-1 size-6 shrink-0 text-volt" aria-hidden />
          <div>
            <h2 className="text-2xl font-bold">Payment account</h2>
            <p className="mt-1 text-white/80">
              {onboardingComplete
                ? 'Your payment account is set up. Update your bank details or payout settings any time.'
                : 'Set up your payment account to start receiving payouts for your answers.'}
            </p>
          </div>
        </div>
        <ManagePaymentButton
          onboardingComplete={onboardingComplete}
          variant="onDark"
          className="w-full sm:w-auto"
        />
      </div>
    </Card>
  );
}
