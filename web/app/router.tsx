import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { GuardOptions } from '@/features/account/guard';
import { RouteErrorScreen } from './error-screen';
import { Layout } from './layout';

type Loaded = Promise<Record<string, ComponentType>>;

/** A lazily loaded page: every page is its own chunk, so the home page ships only what it needs. */
const page = (path: string | undefined, load: () => Loaded, name: string): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  lazy: () => load().then((m) => ({ Component: m[name] })),
});

/**
 * A layout route behind the route guard. The guard is loaded with the page it guards, so the home
 * page, which no guard covers, does not ship it (ADR 016).
 */
const guarded = (options: GuardOptions, children: RouteObject[]): RouteObject => ({
  lazy: () =>
    import('@/features/account/guard').then(({ Guard }) => ({ element: <Guard {...options} /> })),
  children,
});

export const router = createBrowserRouter([
  // The administrator portal has its own frame, outside the site's header and footer.
  {
    errorElement: <RouteErrorScreen />,
    children: [
      page('admin-access', () => import('@/routes/admin-access'), 'AdminAccessPage'),
      page('admin-dashboard', () => import('@/routes/admin-dashboard'), 'AdminDashboardPage'),
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
          page(undefined, () => import('@/routes/home'), 'HomePage'),
          page('coaches', () => import('@/routes/coaches'), 'CoachesPage'),
          page('about', () => import('@/routes/about'), 'AboutPage'),
          page('contact', () => import('@/routes/contact'), 'ContactPage'),
          page('terms', () => import('@/routes/terms'), 'TermsPage'),
          page('privacy', () => import('@/routes/privacy'), 'PrivacyPage'),
          page('revenue', () => import('@/routes/revenue'), 'RevenuePage'),
          page('auth', () => import('@/routes/auth'), 'AuthPage'),
          page('onboarding', () => import('@/routes/onboarding'), 'OnboardingPage'),
          page('become-a-pro', () => import('@/routes/profile-redirects'), 'BecomeCoachRedirect'),
          page('become-a-coach', () => import('@/routes/profile-redirects'), 'BecomeCoachRedirect'),
          page('create-profile', () => import('@/routes/profile-redirects'), 'ProfileRedirect'),
          page('edit-profile', () => import('@/routes/profile-redirects'), 'ProfileRedirect'),
          page('expert/:id', () => import('@/routes/expert-profile'), 'ExpertProfilePage'),
          page('experts/:id', () => import('@/routes/expert-profile'), 'ExpertProfilePage'),
          page('profile/:id', () => import('@/routes/player-profile'), 'PlayerProfilePage'),
          page('dev/mailbox', () => import('@/routes/dev-mailbox'), 'DevMailboxPage'),
          page('inbox', () => import('@/routes/profile-redirects'), 'InboxRedirect'),
          // Public, but shown only to the asker and the owning Coach (design.md §1).
          page(
            'question/:id',
            () => import('@/routes/question-detail'),
            'LenientQuestionDetailPage',
          ),
          // Sign-in only: profile creation skips the role and profile checks.
          guarded({ role: 'expert', skipChecks: true }, [
            page(
              'create-expert-profile',
              () => import('@/routes/create-expert-profile'),
              'CreateExpertProfilePage',
            ),
          ]),
          guarded({ role: 'asker', skipChecks: true }, [
            page(
              'create-asker-profile',
              () => import('@/routes/create-asker-profile'),
              'CreateAskerProfilePage',
            ),
          ]),
          // Sign-in only.
          guarded({ skipChecks: true }, [
            page('questions/:id', () => import('@/routes/question-detail'), 'QuestionDetailPage'),
            // The local payment provider's test checkout (design.md §2).
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
              () => import('@/routes/manage-expert-profile'),
              'ManageExpertProfilePage',
            ),
            page('expert-inbox', () => import('@/routes/expert-inbox'), 'ExpertInboxPage'),
            page('payouts', () => import('@/routes/payouts'), 'PayoutsPage'),
            page(
              'expert-payment-setup',
              () => import('@/routes/expert-payment-setup'),
              'ExpertPaymentSetupPage',
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
              () => import('@/routes/manage-asker-profile'),
              'ManageAskerProfilePage',
            ),
            page('asker-inbox', () => import('@/routes/asker-inbox'), 'AskerInboxPage'),
            page('ask/:expertId', () => import('@/routes/ask'), 'AskPage'),
            page('payments', () => import('@/routes/payments'), 'PaymentsPage'),
          ]),
          page('*', () => import('@/routes/not-found'), 'NotFoundPage'),
        ],
      },
    ],
  },
]);
