import { ArrowLeft, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Eyebrow, Hero } from '@/components/ui/hero';

/** My Questions' hero: the way back and to the Player's payment history. */
export function PlayerInboxHeader() {
  return (
    <Hero className="py-6 sm:py-10">
      <Link
        to="/"
        className="-ml-1 inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-semibold text-white/85 transition-colors hover:text-volt"
      >
        <ArrowLeft aria-hidden className="size-4 shrink-0" />
        Back
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <Eyebrow>Player</Eyebrow>
          <h1 className="mt-1 text-4xl leading-none font-bold sm:text-5xl">My Questions</h1>
          <p className="mt-3 text-white/85">Every question you've asked, and every answer.</p>
        </div>
        <Button asChild variant="onDark" size="sm">
          <Link to="/payments">
            <Receipt aria-hidden />
            Payment History
          </Link>
        </Button>
      </div>
    </Hero>
  );
}
