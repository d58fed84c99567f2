import { useId } from 'react';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { ATTACHMENTS_PER_ITEM } from '@contracts/limits';
import { Button } from '@/components/ui/button';
import type { Uploads } from './use-uploads';

const ACCEPT =
  'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,video/mp4,video/quicktime,video/webm,application/pdf';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The file input "Attach files" and the list of files on their way, each with its progress and a
 * Cancel (while sending) or Remove (once sent) button. The type is only a hint to the browser's
 * picker: the server decides from the bytes.
 */
export function AttachmentPicker({ uploads }: { uploads: Uploads }) {
  const inputId = useId();
  const hintId = useId();
  const full = uploads.files.length >= ATTACHMENTS_PER_ITEM;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {ATTACHMENT_MESSAGES.label}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={full}
        aria-describedby={hintId}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5"
        onChange={(event) => {
          uploads.add(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <p id={hintId} className="text-xs text-muted">
        {ATTACHMENT_MESSAGES.hint}
      </p>
      {uploads.files.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Attached files">
          {uploads.files.map((file) => (
            <li
              key={file.key}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-2 text-sm"
            >
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
                <span className="text-xs text-muted">{`Uploaded · ${megabytes(file.size)}`}</span>
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
