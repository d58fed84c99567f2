import { useMutation } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import type { Role } from '@contracts/account';
import { IMAGE_MAX_BYTES } from '@contracts/limits';
import { UPLOAD_MESSAGES } from '@contracts/profiles';
import { toast } from '@/components/toast/toast-store';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { removeProfilePhoto, uploadProfilePhoto, useApplyPhoto } from './api';
import { joined } from '@contracts/messages';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];

/** The spec's wording for an upload failure: the catalogue's own toast when it has one. */
function uploadErrorToast(error: unknown): { title: string; description?: string } {
  if (error instanceof ApiRequestError) {
    if (error.status === 415 || error.message === joined(UPLOAD_MESSAGES.invalidType)) {
      return UPLOAD_MESSAGES.invalidType;
    }
    if (error.status === 413 || error.message === joined(UPLOAD_MESSAGES.tooLarge)) {
      return UPLOAD_MESSAGES.tooLarge;
    }
    if (error.status !== 0 && error.status < 500 && error.message) return { title: error.message };
  }
  return { title: UPLOAD_MESSAGES.failed };
}

interface PhotoUploadProps {
  role: Role;
  photoUrl: string | null;
  /** Whose photo it is; the placeholder shows their initials. */
  name: string;
  onChange: (photoUrl: string | null) => void;
}

/** The profile photo with Upload and Remove; JPG or PNG up to 5MB, checked here and on the server. */
export function PhotoUpload({ role, photoUrl, name, onChange }: PhotoUploadProps) {
  const inputId = useId();
  const applyPhoto = useApplyPhoto();

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(role, file),
    onSuccess: (result) => {
      applyPhoto(result.photoUrl);
      onChange(result.photoUrl);
      toast(UPLOAD_MESSAGES.uploaded);
    },
    onError: (error) => toast({ ...uploadErrorToast(error), variant: 'destructive' }),
  });

  const remove = useMutation({
    mutationFn: () => removeProfilePhoto(role),
    onSuccess: () => {
      applyPhoto(null);
      onChange(null);
      toast(UPLOAD_MESSAGES.removed);
    },
    onError: (error) =>
      toast({
        title: error instanceof ApiRequestError ? error.message : UPLOAD_MESSAGES.failed,
        variant: 'destructive',
      }),
  });

  const busy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.currentTarget.value = '';
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      toast({ ...UPLOAD_MESSAGES.invalidType, variant: 'destructive' });
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toast({ ...UPLOAD_MESSAGES.tooLarge, variant: 'destructive' });
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="relative">
        <Avatar
          src={photoUrl}
          name={name.trim() || 'Profile photo'}
          className="size-28 text-4xl ring-4 ring-volt"
        />
        {busy && (
          <span aria-hidden className="absolute inset-0 animate-pulse rounded-full bg-navy/40" />
        )}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg"
            className="peer sr-only"
            disabled={busy}
            onChange={onFile}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-navy peer-disabled:pointer-events-none peer-disabled:opacity-50',
            )}
          >
            <Camera aria-hidden />
            Upload photo
          </label>
          {photoUrl && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => remove.mutate()}
            >
              <Trash2 aria-hidden />
              Remove photo
            </Button>
          )}
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {upload.isPending
            ? 'Uploading…'
            : remove.isPending
              ? 'Removing…'
              : 'JPG or PNG, up to 5MB.'}
        </p>
      </div>
    </div>
  );
}
