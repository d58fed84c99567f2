import { ResponseTime } from '@/components/response-time';
import { AtSign, Briefcase, Camera, ExternalLink, Globe, ThumbsUp } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import { coachPreviewAlt, coachPreviewPath } from '@contracts/link-preview';
import { formatWholeDollars } from '@contracts/money';
import type { PublicCoach } from '@contracts/profiles';
import { AvailabilityNotice } from '@/components/availability-notice';
import { ShareProfileButton } from '@/components/share-profile-button';
import { StaticHtml } from '@/components/static-html';
import { Button } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { VerifiedMark } from '@/components/verified-mark';
import { ProfileHero } from './profile-hero';
import { CoachNotFound, useCoachPage } from './coach-page';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';
import { ProfileSkeleton } from './profile-skeleton';

/**
 * The Coach's page, or 404. Any address but the current slug or the id (an old slug after a
 * rename, the name in other letter case) is sent to the current one for good (ADR 025).
 */
const SOCIAL_LINKS: { key: keyof PublicCoach; label: string; icon: LucideIcon }[] = [
  { key: 'websiteUrl', label: 'Website', icon: Globe },
  { key: 'linkedinUrl', label: 'LinkedIn', icon: Briefcase },
  { key: 'twitterUrl', label: 'X (Twitter)', icon: AtSign },
  { key: 'instagramUrl', label: 'Instagram', icon: Camera },
];

/** The Coach public profile at /expert/:id and /experts/:id; the id may be the name's slug. */
export function CoachProfilePage({
  reviews,
}: {
  /** The Coach's written reviews, composed by the route (another feature's). */
  reviews?: (coach: PublicCoach) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { coach, notFound } = useCoachPage(id);

  if (notFound) return <CoachNotFound />;
  if (!coach) return <ProfileSkeleton of="coach" />;
  return <CoachProfile coach={coach} reviews={reviews?.(coach)} />;
}

function CoachProfile({ coach, reviews }: { coach: PublicCoach; reviews?: ReactNode }) {
  const price = formatWholeDollars(coach.pricePerQuestion);
  useDocumentMeta({
    title: pageTitle(`${coach.name} · ${coach.expertise}`),
    description: `Ask ${coach.name} (${coach.expertise}) one question for ${price} and get a written answer.${coach.bio ? ` ${coach.bio.slice(0, 160)}` : ''}`,
    path: coachPath(coach),
    image: coachPreviewPath(coach),
    imageAlt: coachPreviewAlt(coach),
    type: 'profile',
  });
  const links = SOCIAL_LINKS.flatMap(({ key, label, icon }) => {
    const href = coach[key];
    return typeof href === 'string' && href ? [{ href, label, icon }] : [];
  });

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <article className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
        <ProfileHero
          photoUrl={coach.photoUrl}
          name={coach.name}
          role="Coach"
          actions={
            <div className="relative mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {coach.isOwner ? (
                <>
                  <Button asChild size="lg">
                    <Link to="/manage-expert-profile">Edit Profile</Link>
                  </Button>
                  <Button asChild size="lg" variant="onDark">
                    <Link to="/expert-inbox">View Inbox</Link>
                  </Button>
                  <Button asChild size="lg" variant="onDark">
                    <Link to="/payouts">View Payouts</Link>
                  </Button>
                  <ShareProfileButton coach={coach} size="lg" variant="onDark" />
                </>
              ) : (
                // Only a Coach who can be asked now offers it (ADR 061).
                coach.availability.state === 'open' && (
                  <Button asChild size="lg">
                    <Link to={`/ask/${encodeURIComponent(coach.id)}`}>Ask a Question</Link>
                  </Button>
                )
              )}
            </div>
          }
        >
          <p className="mt-2 text-lg break-words text-white/85">{coach.expertise}</p>
          {coach.payoutReady && <VerifiedMark className="mt-3 bg-white/10 text-white" />}
          <p className="mt-4 inline-flex rounded-full bg-volt px-4 py-1.5 font-display text-lg font-bold tracking-wide text-navy uppercase">
            {`${formatWholeDollars(coach.pricePerQuestion)} per question`}
          </p>
          <ResponseTime
            coach={coach}
            className="mt-3 text-white/85 [&>span:first-child]:text-volt"
          />
        </ProfileHero>

        <div className="flex flex-col gap-8 px-5 py-8 sm:px-8">
          <AvailabilityNotice availability={coach.availability} isOwner={coach.isOwner} />
          <section aria-labelledby="coach-record-heading">
            <h2 id="coach-record-heading" className="sr-only">
              Track record
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              <div className="rounded-xl bg-surface p-4">
                <dt className="text-sm font-semibold text-muted">Star Rating</dt>
                <dd className="mt-2">
                  <StarRating
                    rating={coach.starRating}
                    average={coach.averageRating}
                    reviewCount={coach.reviewCount}
                  />
                </dd>
              </div>
              <div className="rounded-xl bg-surface p-4">
                <dt className="text-sm font-semibold text-muted">Helpful Answers</dt>
                <dd className="mt-2">
                  {coach.helpfulPercent === null ? (
                    <p className="text-sm font-medium text-muted">No helpful ratings yet</p>
                  ) : (
                    <p className="flex items-center gap-2 font-semibold text-success">
                      <ThumbsUp aria-hidden className="size-5 shrink-0" />
                      {`${coach.helpfulPercent}% found answers helpful`}
                    </p>
                  )}
                </dd>
              </div>
              <div className="rounded-xl bg-surface p-4">
                <dt className="text-sm font-semibold text-muted">Questions Answered</dt>
                <dd className="mt-1 font-display text-3xl font-bold text-navy">
                  {coach.answeredCount}
                </dd>
              </div>
            </dl>
          </section>

          {/* The Coach's own words and links: kept as the server rendered them, not hydrated
              (ADR 064). Keyed by what they show, so a change after a refetch renders afresh. */}
          <StaticHtml
            key={`${coach.bio ?? ''}\n${links.map((link) => link.href).join('\n')}`}
            className="flex flex-col gap-8 empty:hidden"
          >
            <CoachWords bio={coach.bio} links={links} />
          </StaticHtml>

          {reviews}
        </div>
      </article>
    </div>
  );
}

function CoachWords({
  bio,
  links,
}: {
  bio: string | null;
  links: { href: string; label: string; icon: LucideIcon }[];
}) {
  return (
    <>
      {bio && (
        <section aria-labelledby="coach-about-heading">
          <h2 id="coach-about-heading" className="text-2xl font-bold text-navy">
            About
          </h2>
          <p className="mt-3 break-words whitespace-pre-line text-ink">{bio}</p>
        </section>
      )}

      {links.length > 0 && (
        <section aria-labelledby="coach-links-heading">
          <h2 id="coach-links-heading" className="text-2xl font-bold text-navy">
            Links
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {links.map(({ href, label, icon: Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-semibold text-navy transition-colors hover:border-navy hover:bg-navy hover:text-white"
                >
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {label}
                  <ExternalLink aria-hidden className="size-3.5 shrink-0 opacity-70" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
