import { MessageCircleQuestion, NotebookPen, Search, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COACH_SHARE_PERCENT } from '@contracts/money';
import { StaticHtml } from '@/components/static-html';
import { Button } from '@/components/ui/button';

const steps = [
  {
    icon: Search,
    title: 'Pick Your Coach',
    text: 'Browse coaches, players and pros. Every profile shows their expertise and their price.',
  },
  {
    icon: MessageCircleQuestion,
    title: 'Ask Your Question',
    text: 'Pay one fixed fee and ask one question. Your payment is held until your question is answered.',
  },
  {
    icon: NotebookPen,
    title: 'Get Your Playbook',
    text: 'Your Coach writes you a personal answer. No answer within the time your Coach promises? You get a full refund.',
  },
];

export function HomeSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading</span>
      <div className="bg-navy">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-12 sm:py-16">
          <div className="h-4 w-24 animate-pulse rounded bg-white/15" />
          <div className="h-12 w-4/5 max-w-xl animate-pulse rounded-lg bg-white/15" />
          <div className="h-5 w-3/5 max-w-md animate-pulse rounded bg-white/15" />
        </div>
      </div>
      <div className="mx-auto grid w-full max-w-6xl gap-5 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-44 animate-pulse rounded-2xl bg-line/60" />
        ))}
      </div>
    </div>
  );
}

/**
 * The marketing page for visitors: hero, how it works, who it is for, and the newest Coaches
 * (`coaches`). Everything but the Coaches is kept as the server rendered it (ADR 064), the hero's
 * `figures` from real data (ADR 060) included: they change only with a new page load.
 */
export function SignedOutHome({ coaches, figures }: { coaches: ReactNode; figures: ReactNode }) {
  return (
    <>
      <StaticHtml>
        <MarketingCopy figures={figures} />
      </StaticHtml>
      {coaches}
    </>
  );
}

function MarketingCopy({ figures }: { figures: ReactNode }) {
  return (
    <>
      <section className="relative overflow-hidden bg-navy text-white">
        <div
          aria-hidden
          className="absolute -top-24 -right-24 size-96 rounded-full bg-volt/15 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-24 md:grid-cols-[1.4fr_1fr] md:items-center">
          <div>
            <p className="font-display text-lg tracking-widest text-volt uppercase">
              Coaching, one question at a time
            </p>
            <h1 className="mt-3 text-6xl leading-[0.95] font-bold sm:text-7xl">
              Ask. Answer. <span className="text-volt">Win.</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-white/85">
              Get a straight answer from a real coach. Ask one question, pay one fixed fee, and get
              a written answer you can take to your next game.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/coaches">Find Your Coach</Link>
              </Button>
              <Button asChild size="lg" variant="onDark">
                <Link to="/auth?mode=signup&type=expert">Become a Coach</Link>
              </Button>
            </div>
          </div>
          {figures}
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto w-full max-w-6xl px-4 py-16">
        <h2 id="how-heading" className="text-4xl font-bold text-navy">
          How it works
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-volt font-display text-xl font-bold text-navy">
                  {index + 1}
                </span>
                <step.icon className="size-6 text-navy" aria-hidden />
              </div>
              <h3 className="mt-4 text-2xl font-bold text-navy">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-label="Who it is for"
        className="mx-auto grid w-full max-w-6xl gap-5 px-4 md:grid-cols-2"
      >
        <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-line">
          <Users className="size-8 text-navy" aria-hidden />
          <h2 className="mt-3 text-3xl font-bold text-navy">For Players</h2>
          <p className="mt-3 text-muted">
            Stuck on a skill, a tactic or a big decision? Ask the coach who has been there. You only
            pay for the question you ask, and you get your money back if it goes unanswered.
          </p>
          <Button asChild variant="dark" className="mt-6">
            <Link to="/auth?mode=signup">Sign Up as a Player</Link>
          </Button>
        </div>
        <div className="rounded-2xl bg-navy p-8 text-white shadow-sm">
          <Trophy className="size-8 text-volt" aria-hidden />
          <h2 className="mt-3 text-3xl font-bold">For Coaches</h2>
          <p className="mt-3 text-white/85">
            Set your own price, answer when it suits you, and keep {COACH_SHARE_PERCENT}% of every
            fee. Your profile is your storefront.
          </p>
          <Button asChild className="mt-6">
            <Link to="/auth?mode=signup&type=expert">Sign Up as a Coach</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
