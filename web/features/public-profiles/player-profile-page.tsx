import { CalendarDays, MessageCircleQuestion } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicPlayer } from '@contracts/profiles';
import { PROFILE_NOT_FOUND_MESSAGES } from '@contracts/profile-not-found';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { isNotFoundError, usePublicPlayer } from './api';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';
import { errorMessage } from '@/lib/api-client';
import { ProfileHero } from './profile-hero';
import { formatMonthYear } from '@contracts/dates';
import { ProfileSkeleton } from './profile-skeleton';

const PROFILE_LOAD_FAILED = 'Failed to load profile.';

/** Spec §9: member-since dates show the month and year in en-US, e.g. 'November 2026'. */

/** The Player public profile at /profile/:id. */
export function PlayerProfilePage() {
  const { id = '' } = useParams();
  const { data: player, error, refetch, isRefetching } = usePublicPlayer(id);
  const notFound = id === '' || isNotFoundError(error);
  const failed = !notFound && !player && error !== null;

  // One toast per failure, not one per render or per identical refetch.
  const toastedFor = useRef<unknown>(null);
  useEffect(() => {
    if (notFound) {
      const key = `missing:${id}`;
      if (toastedFor.current === key) return;
      toastedFor.current = key;
      toast({ ...PROFILE_NOT_FOUND_MESSAGES.playerNotFound, variant: 'destructive' });
    } else if (failed) {
      if (toastedFor.current === error) return;
      toastedFor.current = error;
      toast({ title: errorMessage(error, PROFILE_LOAD_FAILED), variant: 'destructive' });
    }
  }, [notFound, failed, error, id]);

  if (notFound) return <PlayerNotFound />;
  if (player) return <PlayerProfile player={player} />;
  if (failed) {
    return <PlayerLoadError retrying={isRefetching} onRetry={() => void refetch()} />;
  }
  return <ProfileSkeleton of="player" />;
}

function PlayerProfile({ player }: { player: PublicPlayer }) {
  const memberSince = formatMonthYear(player.memberSince);
  useDocumentMeta({
    title: pageTitle(`${player.name} · Player`),
    description: `${player.name} is a Player on Playbook${memberSince ? ` since ${memberSince}` : ''}, with ${player.questionsAsked} questions asked.`,
    path: `/profile/${encodeURIComponent(player.id)}`,
    // The site's card: a Player's square photo would be cropped in a large preview (ADR 055).
    type: 'profile',
  });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <article className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
        <ProfileHero photoUrl={player.photoUrl} name={player.name} role="Player">
          {memberSince && (
            <p className="mt-3 inline-flex items-center gap-2 text-white/85">
              <CalendarDays aria-hidden className="size-4 shrink-0 text-volt" />
              {`Member since ${memberSince}`}
            </p>
          )}
        </ProfileHero>

        <div className="flex flex-col gap-8 px-5 py-8 sm:px-8">
          {player.bio && (
            <section aria-labelledby="player-about-heading">
              <h2 id="player-about-heading" className="text-2xl font-bold text-navy">
                About
              </h2>
              <p className="mt-3 break-words whitespace-pre-line text-ink">{player.bio}</p>
            </section>
          )}

          <section aria-labelledby="player-stats-heading">
            <h2 id="player-stats-heading" className="text-2xl font-bold text-navy">
              Statistics
            </h2>
            <dl className="mt-3 grid gap-4 sm:grid-cols-2">
              <div className="flex items-center gap-4 rounded-xl bg-surface p-4">
                <MessageCircleQuestion aria-hidden className="size-8 shrink-0 text-navy" />
                <div>
                  <dt className="text-sm font-semibold text-muted">Questions Asked</dt>
                  <dd className="font-display text-3xl font-bold text-navy">
                    {player.questionsAsked}
                  </dd>
                </div>
              </div>
              <div className="flex items-center gap-4 rounded-xl bg-surface p-4">
                <CalendarDays aria-hidden className="size-8 shrink-0 text-navy" />
                <div>
                  <dt className="text-sm font-semibold text-muted">Member Since</dt>
                  <dd className="font-display text-2xl font-bold text-navy uppercase">
                    {memberSince || '—'}
                  </dd>
                </div>
              </div>
            </dl>
          </section>
        </div>
      </article>
    </div>
  );
}

function PlayerNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold text-navy sm:text-5xl">Profile Not Found</h1>
      <p className="max-w-md text-muted">
        This player may have left, or the link may be wrong. Check the address and try again.
      </p>
      <Button asChild variant="dark">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}

function PlayerLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold text-navy sm:text-5xl">Profile Unavailable</h1>
      <p role="alert" className="max-w-md rounded-xl bg-danger-soft px-4 py-3 text-danger">
        We couldn't load this profile right now. Please try again in a moment.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="dark" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try Again'}
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Return Home</Link>
        </Button>
      </div>
    </div>
  );
}
