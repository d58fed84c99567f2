import { useQuery } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import {
  REFERENCE_CLIP_NAME_MAX,
  REFERENCE_LIBRARY_LABELS as LABELS,
  REVIEW_MESSAGES,
} from '@contracts/video-review';
import { AttachmentPicker } from '@/components/attachments/attachment-picker';
import { useUploads, type PendingFile } from '@/components/attachments/use-uploads';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, inputClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { SubmitText, UntilHydrated } from '@/components/ui/until-hydrated';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { referenceClipsQuery, useAddClip } from './api';
import { ClipItem } from './clip-item';

/** A file's name as a clip's first name: no extension, no longer than a name may be. */
export const nameOf = (fileName: string) =>
  fileName.replace(/\.[^.]+$/, '').slice(0, REFERENCE_CLIP_NAME_MAX);

/**
 * Manage Coach Profile's reference library (issue 38, ADR 091): the Coach uploads and names clips
 * of model technique and drills, renames and deletes them; the studio compares a Player's video
 * with them.
 */
export function ReferenceLibraryCard() {
  const { data: clips, isError, refetch, isRefetching } = useQuery(referenceClipsQuery());
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <Clapperboard className="mt-1 size-6 shrink-0 text-navy" aria-hidden />
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-navy">
            {REVIEW_MESSAGES.referenceLibrary}
          </h2>
          <p className="mt-1 text-sm text-muted">{LABELS.lead}</p>
        </div>
      </div>
      <AddClipForm />
      <div className="mt-6">
        {clips ? (
          clips.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
              {LABELS.empty}
            </p>
          ) : (
            <>
              <p className="text-sm text-muted">{LABELS.count(clips.length)}</p>
              <ul aria-label={LABELS.clips} className="mt-2 flex flex-col gap-2">
                {clips.map((clip) => (
                  <ClipItem key={clip.id} clip={clip} />
                ))}
              </ul>
            </>
          )
        ) : isError ? (
          <LoadError
            message={LABELS.loadFailed}
            retrying={isRefetching}
            onRetry={() => void refetch()}
          />
        ) : (
          <div role="status" aria-busy="true" className="h-24 animate-pulse rounded-xl bg-line/60">
            <span className="sr-only">Loading…</span>
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * Choose a video (the app's resumable upload and its picker), name it, add it. The first file
 * still going or sent is the one named; once added it leaves the picker's list.
 */
function AddClipForm() {
  const uploads = useUploads();
  const add = useAddClip();
  // What the Coach typed for each file; until then, the file's own name.
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ message: string; name?: string } | null>(null);
  const file: PendingFile | undefined = uploads.files.find((f) => f.state !== 'failed');
  const name = file ? (names[file.key] ?? nameOf(file.name)) : '';
  const ready = file?.state === 'done' && file.attachmentId !== undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file?.attachmentId || !ready) return;
    setError(null);
    add.mutate(
      { attachmentId: file.attachmentId, name },
      {
        onSuccess: () => {
          uploads.remove(file.key);
          toast({ title: LABELS.added });
        },
        onError: (failure) =>
          setError({
            message: errorMessage(failure, UNEXPECTED_ERROR),
            ...(failure instanceof ApiRequestError && failure.fields.name
              ? { name: failure.fields.name }
              : {}),
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
      <UntilHydrated>
        <AttachmentPicker uploads={uploads} />
        {file && (
          <>
            <Field
              label={LABELS.clipName}
              error={error?.name}
              hint={ready ? undefined : LABELS.waitForUpload}
            >
              <input
                name="name"
                value={name}
                maxLength={REFERENCE_CLIP_NAME_MAX}
                disabled={add.isPending}
                onChange={(event) => {
                  const typed = event.currentTarget.value;
                  setNames((all) => ({ ...all, [file.key]: typed }));
                }}
                className={inputClass}
              />
            </Field>
            {error && !error.name && (
              <p role="alert" className="text-sm font-medium text-danger">
                {error.message}
              </p>
            )}
            <Button
              type="submit"
              className="self-start"
              disabled={!ready || add.isPending}
              aria-busy={add.isPending}
            >
              <SubmitText>{LABELS.add}</SubmitText>
            </Button>
          </>
        )}
      </UntilHydrated>
    </form>
  );
}
