import { createBrowserRouter } from 'react-router';
import { RouteErrorScreen } from './error-screen';
import { Layout } from './layout';

/** Every page is its own chunk, so the home page ships only what it needs. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          {
            index: true,
            lazy: () => import('@/routes/home').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: 'about',
            lazy: () => import('@/routes/about').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: 'contact',
            lazy: () => import('@/routes/contact').then((m) => ({ Component: m.ContactPage })),
          },
          {
            path: 'terms',
            lazy: () => import('@/routes/terms').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: 'privacy',
            lazy: () => import('@/routes/privacy').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: 'revenue',
            lazy: () => import('@/routes/revenue').then((m) => ({ Component: m.RevenuePage })),
          },
          {
            path: '*',
            lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
]);
