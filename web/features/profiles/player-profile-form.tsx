import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  playerProfileSchema,
  PROFILE_MESSAGES,
  type OwnPlayerProfile,
  type PlayerProfileInput,
} from '@contracts/profiles';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Field, inputClass } from '@/components/ui/field';
import { RETURN_PARAM, safeReturn } from '@/lib/intent';
import { errorMessage } from '@/lib/api-client';
import { useOwnPlayerProfile, useSavePlayerProfile } from './api';
import { PhotoUpload } from './photo-upload';
import { reportSaveFailure } from './save-failure';
import { SocialLinksCard } from './social-links-card';

type FormValues = z.input<typeof playerProfileSchema>;
type Mode = 'create' | 'manage';

const LOAD_FAILED = 'Failed to load profile.';

/** Fields the server may name in a 400; shown inline like the client's own checks. */
const INLINE_FIELDS: Path<FormValues>[] = [
  'name',
  'bio',
  'websiteUrl',
  'linkedinUrl',
  'twitterUrl',
  'instagramUrl',
];

const toDefaults = (profile: OwnPlayerProfile): FormValues => ({
  name: profile.name,
  bio: profile.bio ?? '',
  websiteUrl: profile.websiteUrl ?? '',
  linkedinUrl: profile.linkedinUrl ?? '',
  twitterUrl: profile.twitterUrl ?? '',
  instagramUrl: profile.instagramUrl ?? '',
});

/** Player profile creation and management (spec §2 'Manage Player profile'). */
export function PlayerProfileForm({ mode }: { mode: Mode }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useOwnPlayerProfile();

  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading profile" className="space-y-6">
        <div className="h-40 animate-pulse rounded-2xl bg-line/60" />
        <div className="h-80 animate-pulse rounded-2xl bg-line/60" />
        <p className="sr-only">Loading…</p>
      </div>
    );
  }
  if (isError) {
    return (
      <LoadError
        message={errorMessage(error, LOAD_FAILED)}
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  }
  return <LoadedPlayerProfileForm mode={mode} profile={data} />;
}

function LoadedPlayerProfileForm({ mode, profile }: { mode: Mode; profile: OwnPlayerProfile }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [photoUrl, setPhotoUrl] = useState(profile.photoUrl);
  const form = useForm<FormValues, unknown, PlayerProfileInput>({
    resolver: zodResolver(playerProfileSchema),
    defaultValues: toDefaults(profile),
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const save = useSavePlayerProfile();

  const onSubmit = (values: PlayerProfileInput) =>
    save.mutate(values, {
      onSuccess: () => {
        if (mode === 'manage') {
          toast(PROFILE_MESSAGES.playerUpdated);
          return;
        }
        toast(PROFILE_MESSAGES.playerCreated);
        // Back to where the person was going, the ask form most often (issue 13).
        void navigate(safeReturn(params.get(RETURN_PARAM)));
      },
      onError: (error) => reportSaveFailure(error, form.setError, INLINE_FIELDS, mode),
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6">
      <Card>
        <h2 className="text-2xl font-bold text-navy">Your photo</h2>
        <p className="mt-1 text-sm text-muted">Put a face to your questions.</p>
        <div className="mt-5">
          <PhotoUpload role="asker" photoUrl={photoUrl} name={name ?? ''} onChange={setPhotoUrl} />
        </div>
      </Card>

      <Card className="space-y-5">
        <h2 className="text-2xl font-bold text-navy">About you</h2>
        <Field label="Name" error={errors.name?.message}>
          <input className={inputClass} autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="About You" error={errors.bio?.message}>
          <textarea
            className={inputClass}
            rows={4}
            placeholder="Your sport, your level and what you're working on."
            {...form.register('bio')}
          />
        </Field>
      </Card>

      <SocialLinksCard
        order={['linkedinUrl', 'instagramUrl', 'twitterUrl', 'websiteUrl']}
        register={(field) => form.register(field)}
        errors={errors}
      />

      <Button
        type="submit"
        size="lg"
        disabled={save.isPending}
        aria-busy={save.isPending}
        className="w-full sm:w-auto"
      >
        {mode === 'create' ? 'Create Profile' : 'Update Profile'}
      </Button>
    </form>
  );
}
