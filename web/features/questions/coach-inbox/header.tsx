import { CalendarDays, CircleCheck, UserPen } from 'lucide-react';
import { Link } from 'react-router';
import type { CoachInbox } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { Eyebrow, Hero } from '@/components/ui/hero';
import { formatMonthYear } from '@contracts/dates';

/** The Coach Inbox's hero; the Coach's figures show once the inbox has loaded. */
export function CoachInboxHeader({ inbox }: { inbox?: CoachInbox }) {
  // Spec §2 says 'Recently' without questions; "Coach Since Recently" reads as a slip, so a new
  // Coach is told what the 'Recently' stood for (issue 13).
  const since = inbox?.coachSince && formatMonthYear(inbox.coachSince);
  return (
    <Hero className="flex flex-wrap items-start justify-between gap-4 py-8 sm:py-12">
      <div className="min-w-0">
        <Eyebrow>Coach</Eyebrow>
        <h1 className="mt-1 text-4xl leading-none font-bold sm:text-5xl">Coach Inbox</h1>
        {inbox && (
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-white/85">
            <p className="inline-flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 shrink-0 text-volt" />
              {since ? `Coach Since ${since}` : 'New Coach: your first question is on its way'}
            </p>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-white">
              <CircleCheck aria-hidden className="size-4 shrink-0 text-volt" />
              {`${inbox.answeredCount} answered`}
            </p>
          </div>
        )}
      </div>
      <Button asChild variant="onDark" size="sm">
        <Link to="/create-profile">
          <UserPen aria-hidden />
          Edit profile
        </Link>
      </Button>
    </Hero>
  );
}
