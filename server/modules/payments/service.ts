import { randomUUID } from 'node:crypto';
import { AVAILABILITY_MESSAGES } from '../../../contracts/availability';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import { QUESTION_MESSAGES } from '../../../contracts/questions';
import { CHECKOUT_MINUTES, UNPAID_QUESTION_EXPIRY_MINUTES } from '../../../contracts/limits';
import {
  playerActions,
  questionStateOf,
  UNPAID_MESSAGES,
} from '../../../contracts/question-states';
import { joined } from '../../../contracts/messages';
import type { ConnectedAccountStatus } from '../../adapters/payments/types';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import type { coaches } from '../../db/schema';
import { transaction } from '../../db/unit-of-work';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { availabilityFrom, lockCoachAvailability, refusal, slotsHeldBesides } from '../coaches';
import { mirrorAccountStatus, setConnectedAccount } from '../coaches/data';
import { applyPaymentEvent } from './apply-event';
import {
  findCheckout,
  findPayableQuestion,
  ownsConnectedAccount,
  setCheckoutSession,
} from './data';

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'payments' | 'config' | 'logger' | 'metrics'>;
type Coach = typeof coaches.$inferSelect;

const questionUrl = (deps: Deps, id: string, outcome: string) =>
  `${deps.config.PUBLIC_URL}/questions/${id}?payment=${outcome}`;

const ONLY_PLAYER_PAYS = 'Only the Player who asked can pay.';
const MINUTE_MS = 60_000;

/** create-payment: only the Player, and only for the question's own amount. */
export async function startCheckout(
  deps: Deps,
  user: SessionUser,
  input: { questionId: string; amount: number },
) {
  const row = await findPayableQuestion(deps.db, input.questionId);
  if (!row) throw notFound(joined(QUESTION_MESSAGES.notFound));
  const q = row.question;
  if (q.playerId !== user.id) {
    throw forbidden(
      row.coachUserId === user.id ? ONLY_PLAYER_PAYS : QUESTION_MESSAGES.accessRestricted,
    );
  }
  if (input.amount !== q.amount) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
  if (!playerActions(questionStateOf(q, null)).pay) throw badRequest(PAYMENT_MESSAGES.notPayable);
  // A deleted (or suspended) Coach can answer nothing (ADR 037, 061).
  if (row.coachDeleted) throw new AppError(409, PAYMENT_MESSAGES.coachGone);
  if (unpaidTooLong(q, new Date())) throw new AppError(409, UNPAID_MESSAGES.expired);
  // A Coach who cannot receive payouts, or has paused, is not paid for questions (ADR 061).
  const availability = availabilityFrom(row.coachAvailability);
  if (availability.state === 'not-ready' || availability.state === 'paused') {
    throw refusal(availability)!;
  }
  // A first look, without the lock, spares the provider a session for a Coach already full.
  if (!(await slotLeft(deps.db, q, row.coachAvailability.openQuestionCap))) {
    throw new AppError(409, AVAILABILITY_MESSAGES.refusedFull);
  }
  const checkout = await deps.payments.createCheckout({
    questionId: q.id,
    amountCents: q.amount,
    description: `Question for ${row.coachName}`,
    customerEmail: user.email,
    successUrl: questionUrl(deps, q.id, 'success'),
    cancelUrl: questionUrl(deps, q.id, 'cancelled'),
    // A new session per request; the SDK's own retries of this call reuse the key.
    idempotencyKey: `checkout-${q.id}-${randomUUID()}`,
  });
  // The session holds the slot once recorded, under the Coach's lock (ADR 082): of two Players
  // paying for the last slot at once, the second to record counts the first's session and is
  // refused. The provider is called before, outside any lock (ADR 023).
  const recorded = await transaction(deps, async (tx) => {
    const facts = await lockCoachAvailability(tx, q.coachId);
    if (!(await slotLeft(tx, q, facts?.openQuestionCap ?? null))) return false;
    await setCheckoutSession(tx, q.id, checkout.sessionId);
    return true;
  });
  if (!recorded) {
    // Its link was never given out, and the provider closes it at its time anyway: tidiness only.
    await deps.payments
      .expireCheckoutSession({
        sessionId: checkout.sessionId,
        idempotencyKey: `expire-${checkout.sessionId}`,
      })
      .catch((err: unknown) =>
        deps.logger.warn({ err, sessionId: checkout.sessionId }, 'refused checkout not expired'),
      );
    throw new AppError(409, AVAILABILITY_MESSAGES.refusedFull);
  }
  return { url: checkout.url };
}

/**
 * An unpaid question still waiting for its answer past UNPAID_QUESTION_EXPIRY_MINUTES: the sweep
 * withdraws it (ADR 082), and until it has, it is not paid for either.
 */
const unpaidTooLong = (q: { status: string; createdAt: Date }, now: Date) =>
  q.status === 'pending' &&
  now.getTime() - q.createdAt.getTime() > UNPAID_QUESTION_EXPIRY_MINUTES * MINUTE_MS;

/**
 * Whether the Coach's cap leaves this question a slot: the slots held by their other questions
 * (paid, or with a checkout under way) are fewer than the cap. An answered question takes none:
 * paying after the answer (ADR 040) is always open.
 */
async function slotLeft(
  db: Executor,
  q: { id: string; coachId: string; status: string },
  cap: number | null,
) {
  if (cap === null || q.status !== 'pending') return true;
  return (await slotsHeldBesides(db, q.coachId, q.id)) < cap;
}

/** create-stripe-connect-account: the Coach's connected account and its onboarding link. */
export async function connectAccount(deps: Deps, coach: Coach) {
  let accountId = coach.stripeAccountId;
  if (!accountId) {
    ({ accountId } = await deps.payments.createConnectedAccount(
      coach.email,
      `connect-${coach.id}`,
    ));
    await setConnectedAccount(deps.db, coach.id, accountId);
  }
  const base = `${deps.config.PUBLIC_URL}/expert-payment-setup`;
  return {
    url: await deps.payments.createOnboardingLink(
      accountId,
      `${base}?success=true`,
      `${base}?refresh=true`,
    ),
  };
}

/** check-stripe-onboarding: the provider's view, mirrored into our row. */
export async function onboardingStatus(deps: Deps, coach: Coach) {
  if (!coach.stripeAccountId) {
    return {
      onboarding_complete: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: ['Create your payment account'],
    };
  }
  const status: ConnectedAccountStatus = await deps.payments.getAccountStatus(
    coach.stripeAccountId,
  );
  await transaction(deps, (tx, changes) =>
    mirrorAccountStatus(tx, changes, { coachId: coach.id }, status),
  );
  return {
    onboarding_complete: status.onboardingComplete,
    charges_enabled: status.chargesEnabled,
    payouts_enabled: status.payoutsEnabled,
    requirements: status.requirements,
  };
}

/** customer-portal: the Coach's payment dashboard. */
export async function dashboardLink(deps: Deps, coach: Coach) {
  if (!coach.stripeAccountId) throw badRequest(PAYMENT_MESSAGES.noAccount);
  return { url: await deps.payments.createDashboardLink(coach.stripeAccountId) };
}

// ------------------------------------------------------------ the local provider's test pages

async function checkoutFor(deps: Deps, user: SessionUser, sessionId: string) {
  const row = await findCheckout(deps.db, sessionId);
  if (!row) throw notFound('This checkout session does not exist.');
  if (row.question.playerId !== user.id) throw forbidden(ONLY_PLAYER_PAYS);
  return row;
}

export async function localCheckout(deps: Deps, user: SessionUser, sessionId: string) {
  const { question: q, coachName } = await checkoutFor(deps, user, sessionId);
  return {
    questionId: q.id,
    amount: q.amount,
    coachName,
    question: q.question,
    paymentStatus: q.paymentStatus,
  };
}

/** The local checkout page's Pay or Cancel: the event Stripe's webhook would bring. */
export async function finishLocalCheckout(
  deps: Deps,
  user: SessionUser,
  sessionId: string,
  outcome: 'pay' | 'cancel',
) {
  const { question: q, status, startedAt } = await checkoutFor(deps, user, sessionId);
  const paid = outcome === 'pay';
  // As at Stripe, an expired session takes no payment, nor one past its time (ADR 082); a paid
  // one may be paid again, which is the same payment (its id comes from the session) and so
  // changes nothing.
  const pastItsTime = Date.now() - startedAt.getTime() > CHECKOUT_MINUTES * MINUTE_MS;
  if (paid && (status === 'expired' || (status === 'open' && pastItsTime))) {
    throw new AppError(409, PAYMENT_MESSAGES.checkoutClosed);
  }
  await applyPaymentEvent(
    deps,
    'local',
    paid
      ? {
          id: `evt_local_${randomUUID()}`,
          type: 'checkout.completed',
          questionId: q.id,
          sessionId,
          paymentIntentId: `pi_local_${sessionId.replace(/^cs_local_/, '')}`,
        }
      : { id: `evt_local_${randomUUID()}`, type: 'checkout.expired', questionId: q.id },
  );
  return { redirect: questionUrl(deps, q.id, paid ? 'success' : 'cancelled') };
}

/** The local onboarding page's Complete: the account becomes able to take payments. */
export async function completeLocalOnboarding(deps: Deps, coach: Coach, accountId: string) {
  if (!(await ownsConnectedAccount(deps.db, coach.id, accountId))) {
    throw forbidden('This payment account belongs to someone else.');
  }
  await applyPaymentEvent(deps, 'local', {
    id: `evt_local_${randomUUID()}`,
    type: 'account.updated',
    accountId,
    status: {
      onboardingComplete: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
    },
  });
}
