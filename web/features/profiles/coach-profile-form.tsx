import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { COACH_SHARE_PERCENT } from '@contracts/money';
import {
  DEFAULT_RESPONSE_HOURS,
  RESPONSE_PROMISE_HOURS,
  RESPONSE_PROMISE_LABELS,
} from '@contracts/response-time';
import {
  coachProfileSchema,
  PROFILE_MESSAGES,
  type CoachProfileInput,
  type OwnCoachProfile,
} from '@contracts/profiles';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { accountQuery } from '@/lib/account-query';
import { AgreementLabel } from '@/components/agreement-label';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, inputClass } from '@/components/ui/field';
import { useOwnCoachProfile, useSaveCoachProfile } from './api';
import { PhotoUpload } from './photo-upload';
import { reportSaveFailure } from './save-failure';
import { SocialLinksCard } from './social-links-card';

type FormValues = z.input<typeof coachProfileSchema>;
type Mode = 'create' | 'manage';

const FETCH_FAILED = 'Failed to fetch expert profile. Please try again.';

/** 'Invalid Price: Price must be…' shown as a titled toast, as the spec words it. */
const splitAt = PROFILE_MESSAGES.invalidPrice.indexOf(':') + 1;
const INVALID_PRICE_TOAST = {
  title: PROFILE_MESSAGES.invalidPrice.slice(0, splitAt),
  description: PROFILE_MESSAGES.invalidPrice.slice(splitAt).trim(),
};

/** Fields the server may name in a 400; shown inline like the client's own checks. */
const INLINE_FIELDS: Path<FormValues>[] = [
  'name',
  'expertise',
  'bio',
  'websiteUrl',
  'linkedinUrl',
  'twitterUrl',
  'instagramUrl',
  'responseHours',
];

function toDefaults(
  profile: OwnCoachProfile | null,
  mode: Mode,
  accountName: string,
): Partial<FormValues> {
  return {
    // A new Coach starts from the name they signed up with (issue 36).
    name: profile?.name ?? accountName,
    expertise: profile?.expertise ?? '',
    price: profile ? String(profile.price) : '',
    responseHours: String(profile?.responseHours ?? DEFAULT_RESPONSE_HOURS),
    bio: profile?.bio ?? '',
    websiteUrl: profile?.websiteUrl ?? '',
    linkedinUrl: profile?.linkedinUrl ?? '',
    twitterUrl: profile?.twitterUrl ?? '',
    instagramUrl: profile?.instagramUrl ?? '',
    // A Coach who already has a profile has accepted the agreements; a new one ticks the box.
    ...(mode === 'manage' && profile ? { acceptedAgreement: true } : {}),
  };
}

/** Coach profile creation and management (spec §2), with its loading and error states. */
export function CoachProfileForm({ mode }: { mode: Mode }) {
  const account = useQuery(accountQuery());
  // No Coach row yet: there is no profile to read, so it is not asked for (no 404, issue 36).
  const hasProfile = account.data?.coachId != null;
  const own = useOwnCoachProfile(hasProfile);
  const { isError, refetch, isRefetching } = own;
  const data = hasProfile ? own.data : null;

  if (account.isPending) return <FormSkeleton />;
  if (hasProfile && isError) {
    return (
      <LoadError message={FETCH_FAILED} retrying={isRefetching} onRetry={() => void refetch()} />
    );
  }
  if (data === undefined) return <FormSkeleton />;
  if (mode === 'manage' && data === null) {
    return (
      <Card className="text-center">
        <p className="font-display text-2xl font-bold text-navy uppercase">
          {PROFILE_MESSAGES.coachMissing.title.replace(/:$/, '')}
        </p>
        <p className="mt-2 text-muted">{PROFILE_MESSAGES.coachMissing.description}</p>
        <Button asChild className="mt-5">
          <Link to="/create-expert-profile">Create Your Coach Profile</Link>
        </Button>
      </Card>
    );
  }
  return (
    <LoadedCoachProfileForm
      mode={mode}
      profile={data}
      accountName={account.data?.user?.name ?? ''}
    />
  );
}

function LoadedCoachProfileForm({
  mode,
  profile,
  accountName,
}: {
  mode: Mode;
  profile: OwnCoachProfile | null;
  accountName: string;
}) {
  const navigate = useNavigate();
  const [photoUrl, setPhotoUrl] = useState(profile?.photoUrl ?? null);
  const form = useForm<FormValues, unknown, CoachProfileInput>({
    resolver: zodResolver(coachProfileSchema),
    defaultValues: toDefaults(profile, mode, accountName),
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const save = useSaveCoachProfile();

  // The price and the legal agreement are announced as toasts, as the spec words them.
  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    if (invalid.price) toast({ ...INVALID_PRICE_TOAST, variant: 'destructive' });
    else if (invalid.acceptedAgreement) {
      toast({ ...PROFILE_MESSAGES.legalRequired, variant: 'destructive' });
    }
  };

  const onSubmit = (values: CoachProfileInput) =>
    save.mutate(values, {
      onSuccess: () => {
        toast(PROFILE_MESSAGES.coachSaved);
        // Onboarding continues with payment setup (spec §4 'Onboarding flow').
        if (mode === 'create') void navigate('/expert-payment-setup');
      },
      onError: (error) => reportSaveFailure(error, form.setError, INLINE_FIELDS, mode),
    });

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="space-y-6">
        <Card>
          <h2 className="text-2xl font-bold text-navy">Your photo</h2>
          <p className="mt-1 text-sm text-muted">
            A clear headshot helps Players pick you with confidence.
          </p>
          <div className="mt-5">
            <PhotoUpload
              role="expert"
              photoUrl={photoUrl}
              name={name ?? ''}
              onChange={setPhotoUrl}
            />
          </div>
        </Card>

        <Card className="space-y-5">
          <h2 className="text-2xl font-bold text-navy">Your game</h2>
          <Field label="Full Name" error={errors.name?.message}>
            <input className={inputClass} autoComplete="name" {...form.register('name')} />
          </Field>
          <Field
            label="Expertise"
            error={errors.expertise?.message}
            hint="Your sport, position or speciality, e.g. 'Goalkeeping coach, UEFA B'."
          >
            <input className={inputClass} {...form.register('expertise')} />
          </Field>
          <Field
            label="Price per Question ($)"
            hint={`Whole dollars, at least $1. You keep ${COACH_SHARE_PERCENT}% of every fee.`}
          >
            <input
              className={inputClass}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="25"
              {...form.register('price')}
            />
          </Field>
          <Field
            label="Response time"
            error={errors.responseHours?.message}
            hint="Questions you do not answer in this time are refunded to the Player in full. A change applies to questions asked from then on."
          >
            <select className={inputClass} {...form.register('responseHours')}>
              {RESPONSE_PROMISE_HOURS.map((hours) => (
                <option key={hours} value={hours}>
                  {RESPONSE_PROMISE_LABELS[hours]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Bio" error={errors.bio?.message}>
            <textarea
              className={inputClass}
              rows={5}
              placeholder="Where you've played and coached, and what you can help with."
              {...form.register('bio')}
            />
          </Field>
        </Card>

        <SocialLinksCard
          order={['websiteUrl', 'linkedinUrl', 'twitterUrl', 'instagramUrl']}
          register={(field) => form.register(field)}
          errors={errors}
        />

        <Card className="space-y-5">
          <CheckboxField
            {...form.register('acceptedAgreement')}
            label={<AgreementLabel revenue="coach" />}
          />
          <Button
            type="submit"
            size="lg"
            disabled={save.isPending}
            aria-busy={save.isPending}
            className="w-full sm:w-auto"
          >
            {mode === 'create' ? 'Create Profile' : 'Save Changes'}
          </Button>
        </Card>
      </form>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading profile" className="space-y-6">
      <div className="h-40 animate-pulse rounded-2xl bg-line/60" />
      <div className="h-96 animate-pulse rounded-2xl bg-line/60" />
      <p className="sr-only">Loading…</p>
    </div>
  );
}
