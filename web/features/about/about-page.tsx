import { BookOpenCheck, MessageSquareText, UserSearch } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LONGEST_RESPONSE_HOURS, promiseText } from '@contracts/response-time';
import { COACH_SHARE_PERCENT } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';

type Step = { title: string; body: string; icon: LucideIcon };

const steps: Step[] = [
  {
    title: 'Pick Your Coach',
    body: 'Browse Coaches who have played, trained and competed at the level you are chasing. Every profile shows their background, their price and how they rate.',
    icon: UserSearch,
  },
  {
    title: 'Ask Your Question',
    body: 'Write one question with as much context as you like and pay the fixed fee the Coach has set. No subscriptions, no bidding, no surprises.',
    icon: MessageSquareText,
  },
  {
    title: 'Get Your Playbook',
    body: 'Your Coach writes back a personal answer you can keep coming back to. If they do not answer, you get your money back.',
    icon: BookOpenCheck,
  },
];

const stats = [
  { value: '100% Real-World Coaches', label: 'People who have lived the game, not bots' },
  { value: '1 question, 1 fee', label: 'Pay only for the answer you want' },
];

export function AboutPage() {
  useDocumentMeta({
    title: pageTitle('About'),
    description:
      'About Playbook: real Coaches answer one question at a time. Pick your Coach, ask your question, get your playbook.',
    path: '/about',
  });
  return (
    <div className="w-full">
      <section className="bg-navy text-white">
        <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:py-20">
          <p className="font-display text-lg tracking-wide text-volt uppercase">About Playbook</p>
          <h1 className="mt-3 text-5xl leading-none font-bold sm:text-7xl">
            It's <span className="text-volt">game time.</span>
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-white/85 sm:text-xl">
            Playbook connects Players with Coaches who have been there. Ask one question, pay one
            fixed fee, and get a straight answer written just for you.
          </p>
          <ul className="mt-10 grid gap-4 sm:grid-cols-3">
            {stats.map((stat) => (
              <li key={stat.value} className="rounded-xl border border-white/15 bg-navy-light p-4">
                <p className="font-display text-2xl font-bold tracking-wide text-volt">
                  {stat.value}
                </p>
                <p className="mt-1 text-sm text-white/80">{stat.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto w-full max-w-3xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="mission-heading">
          <h2 id="mission-heading" className="text-3xl font-bold text-navy sm:text-4xl">
            Our Mission
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink">
            <p>
              The best advice in sport usually lives in the heads of people who have done it: the
              coach who built a program, the athlete who made the leap, the trainer who fixed the
              same problem a hundred times. Most Players never get to ask them anything.
            </p>
            <p>
              Playbook changes that. We give every Player a direct line to real-world Coaches, and
              we give Coaches a simple way to share what they know and get paid fairly for it.
            </p>
          </div>
        </section>

        <section aria-labelledby="how-heading">
          <h2 id="how-heading" className="text-3xl font-bold text-navy sm:text-4xl">
            How It Works
          </h2>
          <ol className="mt-6 space-y-4">
            {steps.map((step, index) => (
              <li key={step.title}>
                <Card className="flex gap-4">
                  <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-volt text-navy [&_svg]:size-6">
                    <step.icon aria-hidden />
                  </div>
                  <div>
                    <p className="text-sm font-semibold text-muted">Step {index + 1}</p>
                    <h3 className="text-xl font-bold text-navy">{step.title}</h3>
                    <p className="mt-1 leading-relaxed text-ink">{step.body}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="join-heading">
          <h2 id="join-heading" className="text-3xl font-bold text-navy sm:text-4xl">
            Join the Team
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <Card className="flex flex-col">
              <h3 className="text-2xl font-bold text-navy">For Players</h3>
              <ul className="mt-3 flex-1 list-disc space-y-2 pl-5 text-ink">
                <li>Ask the Coach you actually want to hear from.</li>
                <li>One fixed fee per question, shown before you ask.</li>
                <li>Your fee is held until your question is answered.</li>
                <li>
                  {`No answer within the Coach's promised response time (at most ${promiseText(LONGEST_RESPONSE_HOURS)}) means a full refund.`}
                </li>
              </ul>
              <Button asChild variant="dark" className="mt-6 w-full">
                <Link to="/auth?mode=signup">Sign Up as a Player</Link>
              </Button>
            </Card>
            <Card className="flex flex-col border-navy bg-navy text-white">
              <h3 className="text-2xl font-bold text-volt">For Coaches</h3>
              <ul className="mt-3 flex-1 list-disc space-y-2 pl-5 text-white/90">
                <li>Set your own price per question.</li>
                <li>Choose which questions to answer, and when.</li>
                <li>{`Keep ${COACH_SHARE_PERCENT}% of every fee.`}</li>
                <li>
                  Get paid straight to your bank account.{' '}
                  <Link to="/revenue" className="underline underline-offset-4 hover:text-volt">
                    See the Revenue Agreement
                  </Link>
                </li>
              </ul>
              <Button asChild className="mt-6 w-full">
                <Link to="/auth?mode=signup&type=expert">Sign Up as a Coach</Link>
              </Button>
            </Card>
          </div>
        </section>
      </div>
    </div>
  );
}
