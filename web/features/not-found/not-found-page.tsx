import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { reportNotFound } from './report';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentMeta({
    title: pageTitle('Page not found'),
    description: 'Oops! Page not found',
    path: pathname,
  });
  useEffect(() => reportNotFound({ path: pathname }), [pathname]);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p
        aria-hidden
        className="font-display text-8xl font-bold text-navy [text-shadow:5px_5px_0_var(--color-volt)]"
      >
        404
      </p>
      <h1 className="text-4xl font-bold text-navy">Oops! Page not found</h1>
      <Button asChild variant="dark">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
