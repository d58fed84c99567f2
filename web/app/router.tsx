import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import type { GuardOptions } from '@/features/account/guard';
import { RouteErrorScreen } from './error-screen';
import { Layout } from './layout';

/**
 * What a server-rendered page needs before it renders (ADR 026): it fills the query cache, and
 * may answer with another status (a missing profile) or send the visitor elsewhere: for good (an
 * old link, 301) or this once (`temporary`, 302: someone signed in opening the sign-in page).
 */
export type Prefetch = (page: {
  queryClient: QueryClient;
  params: Params;
  url: URL;
}) => Promise<{ status?: number; redirect?: string; temporary?: boolean } | void>;

type Loaded = Promise<Record<string, unknown>>;

/** Marks a route the server renders; `load` brings its module, whose `prefetch` runs first. */
export interface SsrHandle {
  ssr: () => Promise<{ prefetch?: Prefetch }>;
}

/** A lazily loaded page: every page is its own chunk, so the home page ships only what it needs. */
const page = (
  path: string | undefined,
  load: () => Loaded,
  name: string,
  options: { ssr?: boolean } = {},
): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  lazy: () => load().then((m) => ({ Component: m[name] as ComponentType })),
  ...(options.ssr ? { handle: { ssr: load } satisfies SsrHandle } : {}),
});
const ssr = { ssr: true };

/**
 * A layout route behind the route guard. The guard is loaded with the page it guards, so the home
 * page, which no guard covers, does not ship it (ADR 016).
 */
const guarded = (options: GuardOptions, children: RouteObject[]): RouteObject => ({
  lazy: () =>
    import('@/features/account/guard').then(({ Guard }) => ({ element: <Guard {...options} /> })),
  children,
});

export const routes: RouteObject[] = [
  // The administrator portal has its own frame, outside the site's header and footer.
  {
    errorElement: <RouteErrorScreen />,
    children: [
      page('admin-access', () => import('@/routes/admin-access'), 'AdminAccessPage'),
      page('admin-dashboard', () => import('@/routes/admin-dashboard'), 'AdminDashboardPage'),
      page('admin-users/:userId', () => import('@/routes/admin-user'), 'AdminUserPage'),
    ],
  },
  {
    element: <Layout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          // Public (spec §6 'Page access').
          page(undefined, () => import('@/routes/home'), 'HomePage', ssr),
          page('coaches', () => import('@/routes/coaches'), 'CoachesPage', ssr),
          page('about', () => import('@/routes/about'), 'AboutPage', ssr),
          page('contact', () => import('@/routes/contact'), 'ContactPage', ssr),
          page('terms', () => import('@/routes/terms'), 'TermsPage', ssr),
          page('privacy', () => import('@/routes/privacy'), 'PrivacyPage', ssr),
          page('revenue', () => import('@/routes/revenue'), 'RevenuePage', ssr),
          // Server-rendered, so signing in works before the app has loaded (ADR 053).
          page('auth', () => import('@/routes/auth'), 'AuthPage', ssr),
          // An e-mail's unsubscribe link (ADR 057): no sign-in, and works without JavaScript.
          page('unsubscribe', () => import('@/routes/unsubscribe'), 'UnsubscribePage', ssr),
          page('forgot-password', () => import('@/routes/forgot-password'), 'ForgotPasswordPage'),
          page('reset-password', () => import('@/routes/reset-password'), 'ResetPasswordPage'),
          page('onboarding', () => import('@/routes/onboarding'), 'OnboardingPage'),
          page('become-a-pro', () => import('@/routes/profile-redirects'), 'BecomeCoachRedirect'),
          page('become-a-coach', () => import('@/routes/profile-redirects'), 'BecomeCoachRedirect'),
          page('create-profile', () => import('@/routes/profile-redirects'), 'ProfileRedirect'),
          page('edit-profile', () => import('@/routes/profile-redirects'), 'ProfileRedirect'),
          page('expert/:id', () => import('@/routes/coach-profile'), 'CoachProfilePage', ssr),
          page('experts/:id', () => import('@/routes/coach-profile'), 'CoachProfilePage', ssr),
          page('profile/:id', () => import('@/routes/player-profile'), 'PlayerProfilePage', ssr),
          page('dev/mailbox', () => import('@/routes/dev-mailbox'), 'DevMailboxPage'),
          page('inbox', () => import('@/routes/profile-redirects'), 'InboxRedirect'),
          // Public, but shown only to the Player and the owning Coach (ADR 040).
          page(
            'question/:id',
            () => import('@/routes/question-detail'),
            'LenientQuestionDetailPage',
          ),
          // Sign-in only: profile creation skips the role and profile checks.
          guarded({ role: 'expert', skipChecks: true }, [
            page(
              'create-expert-profile',
              () => import('@/routes/create-coach-profile'),
              'CreateCoachProfilePage',
            ),
          ]),
          guarded({ role: 'asker', skipChecks: true }, [
            page(
              'create-asker-profile',
              () => import('@/routes/create-player-profile'),
              'CreatePlayerProfilePage',
            ),
          ]),
          // Sign-in only.
          guarded({ skipChecks: true }, [
            page('account', () => import('@/routes/account-settings'), 'AccountSettingsPage'),
            page('questions/:id', () => import('@/routes/question-detail'), 'QuestionDetailPage'),
            // The Player replays a video review with its drawings (issue 38).
            page(
              'questions/:id/reviews/:reviewId',
              () => import('@/routes/video-review'),
              'ReviewPage',
            ),
            // The local payment provider's test checkout (ADR 013).
            page(
              'test-checkout/:sessionId',
              () => import('@/routes/test-checkout'),
              'TestCheckoutPage',
            ),
          ]),
          // Coach only.
          guarded({ role: 'expert' }, [
            page(
              'manage-expert-profile',
              () => import('@/routes/manage-coach-profile'),
              'ManageCoachProfilePage',
            ),
            page('expert-inbox', () => import('@/routes/coach-inbox'), 'CoachInboxPage'),
            // The Coach reviews the Player's videos (issue 38).
            page(
              'questions/:id/studio',
              () => import('@/routes/video-review-studio'),
              'VideoReviewStudioPage',
            ),
            page('payouts', () => import('@/routes/payouts'), 'PayoutsPage'),
            page(
              'expert-payment-setup',
              () => import('@/routes/coach-payment-setup'),
              'CoachPaymentSetupPage',
            ),
            page(
              'test-onboarding/:accountId',
              () => import('@/routes/test-onboarding'),
              'TestOnboardingPage',
            ),
          ]),
          // Player only.
          guarded({ role: 'asker' }, [
            page(
              'manage-asker-profile',
              () => import('@/routes/manage-player-profile'),
              'ManagePlayerProfilePage',
            ),
            page('asker-inbox', () => import('@/routes/player-inbox'), 'PlayerInboxPage'),
            page('payments', () => import('@/routes/payments'), 'PaymentsPage'),
          ]),
          guarded({ role: 'asker', intentShowsRole: true }, [
            page('ask/:coachId', () => import('@/routes/ask'), 'AskPage'),
          ]),
          page('*', () => import('@/routes/not-found'), 'NotFoundPage', ssr),
        ],
      },
    ],
  },
];
