import { useState, type FormEvent, type ReactNode } from 'react';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { AttachmentPicker } from '@/components/attachments/attachment-picker';
import type { Uploads } from '@/components/attachments/use-uploads';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/**
 * The writing part of every dialog that sends text with files: the Coach's answer and each
 * message of the conversation (issue 23: "up to 5 files each"). A labelled text box with its
 * character count, the attachment picker (progress, Cancel), then Cancel and the send button,
 * which stays disabled while the text is blank, the request is pending or a file is uploading.
 * The dialog owns the text, the uploads and the request; `children` come first (the question
 * being answered, for instance).
 */
export function Composer({
  label,
  value,
  onChange,
  error,
  onError,
  max,
  rows,
  uploads,
  pending,
  submitLabel,
  onSend,
  extra,
  notReady,
  waiting = false,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Shows a message under the text box (a file still uploading), or clears it (undefined). */
  onError: (message: string | undefined) => void;
  max: number;
  rows: number;
  uploads: Uploads;
  pending: boolean;
  submitLabel: string;
  /** Called with the text present, nothing pending and every file uploaded. */
  onSend: () => void;
  /** More to send, under the files: the Coach's video reviews (issue 38). */
  extra?: ReactNode;
  /** Why sending must wait (a video review still being prepared), said when the Coach tries. */
  notReady?: string;
  /** Not ready to send yet (what `extra` sends is still loading): the button waits. */
  waiting?: boolean;
  children?: ReactNode;
}) {
  const blank = value.trim() === '';
  // A refusal that no longer holds (the video review is ready now) is not shown any more.
  const [refusedFor, setRefusedFor] = useState<string | undefined>();
  const shownError = error !== undefined && error === refusedFor && !notReady ? undefined : error;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || pending) return;
    if (uploads.uploading) {
      onError(ATTACHMENT_MESSAGES.stillUploading);
      return;
    }
    if (notReady) {
      setRefusedFor(notReady);
      onError(notReady);
      return;
    }
    onSend();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {children}
      <Field
        label={label}
        error={shownError}
        hint={
          <span
            className={cn(
              'block text-right tabular-nums',
              value.length > max && 'font-semibold text-danger',
            )}
          >
            {`${value.length}/${max}`}
          </span>
        }
      >
        <textarea
          className={cn(inputClass, 'min-h-32 resize-y')}
          rows={rows}
          required
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            if (error) onError(undefined);
          }}
        />
      </Field>

      <AttachmentPicker uploads={uploads} />
      {extra}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={blank || pending || waiting || uploads.uploading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
