import { Film } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { formatFileSize } from '@contracts/attachments';
import {
  formatDuration,
  REFERENCE_CLIP_NAME_MAX,
  REFERENCE_LIBRARY_LABELS as LABELS,
  type ReferenceClip,
} from '@contracts/video-review';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { useDeleteClip, useRenameClip } from './api';

/** One clip of the library: its picture, name, length and size, and Rename and Delete. */
export function ClipItem({ clip }: { clip: ReferenceClip }) {
  const [renaming, setRenaming] = useState(false);
  const facts = [
    clip.durationMs === null ? null : formatDuration(clip.durationMs),
    formatFileSize(clip.sizeBytes),
  ].filter((fact) => fact !== null);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-3">
      {clip.thumbnailUrl ? (
        <img
          src={clip.thumbnailUrl}
          alt={LABELS.thumbnail(clip.name)}
          className="size-14 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-navy text-white">
          <Film aria-hidden className="size-6" />
        </span>
      )}
      {renaming ? (
        <RenameForm clip={clip} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink" title={clip.name}>
              {clip.name}
            </p>
            <p className="text-sm text-muted">{facts.join(' · ')}</p>
          </div>
          {/* Under the name on a phone, so a long name is not cut to a few letters. */}
          <div className="flex w-full justify-end gap-2 sm:w-auto">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={LABELS.renameClip(clip.name)}
              onClick={() => setRenaming(true)}
            >
              {LABELS.rename}
            </Button>
            <DeleteClip clip={clip} />
          </div>
        </>
      )}
    </li>
  );
}

/** The name in place, with its label, Save and Cancel. */
function RenameForm({ clip, onDone }: { clip: ReferenceClip; onDone: () => void }) {
  const rename = useRenameClip();
  const [name, setName] = useState(clip.name);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { id: clip.id, name },
      {
        onSuccess: () => {
          toast({ title: LABELS.renamed });
          onDone();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.fields.name
              ? failure.fields.name
              : errorMessage(failure, UNEXPECTED_ERROR),
          ),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
      <Field label={LABELS.clipName} error={error ?? undefined} className="min-w-48 flex-1">
        <input
          name="name"
          value={name}
          maxLength={REFERENCE_CLIP_NAME_MAX}
          disabled={rename.isPending}
          // The field replaces the name the Coach chose to change: the focus goes with it.
          autoFocus
          onChange={(event) => setName(event.currentTarget.value)}
          className={inputClass}
        />
      </Field>
      <div className="flex gap-2 pb-0.5">
        <Button type="submit" size="sm" disabled={rename.isPending} aria-busy={rename.isPending}>
          {LABELS.save}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rename.isPending}
          onClick={onDone}
        >
          {LABELS.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Delete, asked once more in the app's dialog. */
function DeleteClip({ clip }: { clip: ReferenceClip }) {
  const remove = useDeleteClip();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={LABELS.deleteClip(clip.name)}>
          {LABELS.delete}
        </Button>
      </DialogTrigger>
      <DialogContent title={LABELS.deleteTitle} description={LABELS.deleteBody(clip.name)}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={remove.isPending}>
              {LABELS.cancel}
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() =>
              remove.mutate(clip.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: LABELS.deleted });
                },
                onError: (failure) =>
                  toast({
                    title: errorMessage(failure, UNEXPECTED_ERROR),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {LABELS.confirmDelete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
