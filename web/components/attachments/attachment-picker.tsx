import { Paperclip } from 'lucide-react';
import { useId } from 'react';
import { ATTACHMENT_MESSAGES, formatFileSize } from '@contracts/attachments';
import { ATTACHMENTS_PER_ITEM } from '@contracts/limits';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Uploads } from './use-uploads';

const ACCEPT =
  'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,video/mp4,video/quicktime,video/webm,application/pdf';

/**
 * The "Attach files" button and the list of files on their way, each with its thumbnail (a photo),
 * its progress and a Cancel (while sending) or Remove (once sent) button. The browser's file input
 * is kept for the keyboard and screen readers but not drawn: its own "No file chosen" contradicted
 * the list beside it (issue 36). The type is only a hint to the picker: the server decides.
 */
export function AttachmentPicker({ uploads }: { uploads: Uploads }) {
  const inputId = useId();
  const hintId = useId();
  const count = uploads.files.length;
  const full = count >= ATTACHMENTS_PER_ITEM;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          disabled={full}
          aria-describedby={hintId}
          className="peer sr-only"
          onChange={(event) => {
            uploads.add(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-semibold text-navy hover:bg-surface',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-navy peer-focus-visible:ring-offset-2',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          <Paperclip aria-hidden className="size-4" />
          {ATTACHMENT_MESSAGES.label}
        </label>
        {count > 0 && (
          <span className="text-sm text-muted">{ATTACHMENT_MESSAGES.attachedCount(count)}</span>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted">
        {ATTACHMENT_MESSAGES.hint}
      </p>
      {count > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Attached files">
          {uploads.files.map((file) => (
            <li
              key={file.key}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-2 text-sm"
            >
              {file.preview && (
                <img
                  src={file.preview}
                  alt={ATTACHMENT_MESSAGES.preview(file.name)}
                  className="size-12 shrink-0 rounded-md object-cover"
                />
              )}
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              {file.state === 'uploading' && (
                <progress
                  aria-label={`Uploading ${file.name}`}
                  max={file.size || 1}
                  value={file.sent}
                  className="w-28"
                />
              )}
              {file.state === 'done' && (
                <span className="text-xs text-muted">
                  {ATTACHMENT_MESSAGES.uploaded(formatFileSize(file.size))}
                </span>
              )}
              {file.state === 'failed' && (
                <span role="alert" className="w-full text-xs font-medium text-danger">
                  {file.error}
                </span>
              )}
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => uploads.remove(file.key)}
                aria-label={`${file.state === 'uploading' ? ATTACHMENT_MESSAGES.cancel : ATTACHMENT_MESSAGES.remove} ${file.name}`}
              >
                {file.state === 'uploading'
                  ? ATTACHMENT_MESSAGES.cancel
                  : ATTACHMENT_MESSAGES.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
