import { paymentApiPaths } from '@contracts/payment-api-paths';
import { api } from '@/lib/api-client';

/**
 * Creates a checkout session for one question at its own amount (cents; the server refuses any
 * other) and answers the checkout URL. The Coach's name only labels the session.
 */
export async function startCheckout(question: {
  id: string;
  amount: number;
  coachName?: string;
}): Promise<string> {
  const { id, amount, coachName } = question;
  const { url } = await api<{ url: string }>(paymentApiPaths.checkout, {
    method: 'POST',
    body: { questionId: id, amount, ...(coachName ? { coachName } : {}) },
  });
  return url;
}
