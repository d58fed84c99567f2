import { useState } from 'react';
import { ATTACHMENT_MESSAGES, type Attachment } from '@contracts/attachments';

/** Whether this browser says it can play the type; MOV in Chromium cannot. */
const playable = (contentType: string) =>
  typeof document !== 'undefined' &&
  document.createElement('video').canPlayType(contentType) !== '';

function VideoAttachment({ file }: { file: Attachment }) {
  const [failed, setFailed] = useState(() => !playable(file.contentType));
  if (failed) {
    return (
      <p className="text-sm">
        <span className="text-muted">{ATTACHMENT_MESSAGES.cannotPlay} </span>
        <a className="font-semibold underline" href={file.downloadUrl ?? undefined} download>
          {`${ATTACHMENT_MESSAGES.download} ${file.name}`}
        </a>
      </p>
    );
  }
  return (
    <video
      controls
      preload="metadata"
      src={file.url ?? undefined}
      aria-label={file.name}
      onError={() => setFailed(true)}
      className="max-h-96 w-full rounded-lg bg-black"
    />
  );
}

/**
 * A question's, an answer's or a message's files: photos as thumbnails opening the full picture,
 * videos in a player (or offered as a download when the browser cannot play them), PDFs as
 * download links; a removed file says so.
 */
export function AttachmentList({ files }: { files: readonly Attachment[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.id}>
          {file.removed ? (
            <p className="text-sm text-muted italic">{ATTACHMENT_MESSAGES.removed}</p>
          ) : file.kind === 'image' ? (
            <a href={file.url ?? undefined} target="_blank" rel="noopener noreferrer">
              <img
                src={file.thumbnailUrl ?? file.url ?? undefined}
                alt={file.name}
                className="max-h-48 rounded-lg border border-line"
              />
            </a>
          ) : file.kind === 'video' ? (
            <VideoAttachment file={file} />
          ) : (
            <a
              className="text-sm font-semibold underline"
              href={file.downloadUrl ?? undefined}
              download
            >
              {`${ATTACHMENT_MESSAGES.download} ${file.name}`}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
