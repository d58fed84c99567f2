import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_UPLOAD_PATH,
  uploadedAttachmentSchema,
} from '@contracts/attachments';
import { ATTACHMENT_UPLOAD_CHUNK_BYTES, ATTACHMENTS_PER_ITEM } from '@contracts/limits';

/** One file on its way: progress while sending, its attachment id once checked and stored. */
export interface PendingFile {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: 'uploading' | 'done' | 'failed';
  attachmentId?: string;
  error?: string;
  /** A local link to a photo the browser can show, for its thumbnail (issue 36). */
  preview?: string;
}

/** Photos every browser draws; HEIC is not one of them, so it has no thumbnail. */
const PREVIEWABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
const previewOf = (file: File) =>
  PREVIEWABLE.has(file.type) ? URL.createObjectURL(file) : undefined;
const dropPreview = (file: PendingFile | undefined) => {
  if (file?.preview) URL.revokeObjectURL(file.preview);
};

/** The server's message in a refused upload's body, else a general one. */
function refusal(error: unknown): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  try {
    const parsed = JSON.parse(body?.getBody() ?? '') as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not the API's error shape: a network failure, say.
  }
  return ATTACHMENT_MESSAGES.uploadFailed;
}

/**
 * Resumable uploads (tus) of the files a form will send. Each retries after a dropped connection
 * and resumes where the server's copy ends; `cancel` stops one and tells the server to drop it.
 */
export function useUploads() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const uploads = useRef(new Map<string, Upload>());
  // The thumbnails' links, released when their file leaves the list or the form goes.
  const shown = useRef(files);
  useEffect(() => {
    shown.current = files;
  }, [files]);
  const update = useCallback(
    (key: string, change: Partial<PendingFile>) =>
      setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f))),
    [],
  );

  const add = useCallback(
    (picked: readonly File[]) => {
      const room = ATTACHMENTS_PER_ITEM - files.length;
      const taken = picked.slice(0, Math.max(0, room));
      const refused = picked.length - taken.length;
      const added = taken.map((file) => {
        const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
        const upload = new Upload(file, {
          endpoint: ATTACHMENT_UPLOAD_PATH,
          chunkSize: ATTACHMENT_UPLOAD_CHUNK_BYTES,
          retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
          metadata: { filename: file.name },
          // Same origin: the session cookie goes along, and CSRF checks the Origin header.
          removeFingerprintOnSuccess: true,
          onProgress: (sent) => update(key, { sent }),
          onSuccess: (payload) => {
            const parsed = uploadedAttachmentSchema.safeParse(
              JSON.parse(payload.lastResponse.getBody() || 'null'),
            );
            update(
              key,
              parsed.success
                ? { state: 'done', sent: file.size, attachmentId: parsed.data.id }
                : { state: 'failed', error: ATTACHMENT_MESSAGES.uploadFailed },
            );
          },
          onShouldRetry: (error) => {
            const status = (
              error as { originalResponse?: { getStatus(): number } | null }
            ).originalResponse?.getStatus();
            // A refusal (wrong type, too large) will not change on retry; a lost connection may.
            return status === undefined || status === 0 || status >= 500 || status === 423;
          },
          onError: (error) => update(key, { state: 'failed', error: refusal(error) }),
        });
        uploads.current.set(key, upload);
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
        return {
          key,
          name: file.name,
          size: file.size,
          sent: 0,
          state: 'uploading' as const,
          preview: previewOf(file),
        };
      });
      setFiles((all) => [
        ...all,
        ...added,
        ...(refused > 0
          ? [
              {
                key: `too-many-${Date.now()}`,
                name: `${refused} more`,
                size: 0,
                sent: 0,
                state: 'failed' as const,
                error: ATTACHMENT_MESSAGES.tooMany,
              },
            ]
          : []),
      ]);
    },
    [files.length, update],
  );

  /** Stops an upload (the server drops its part) or takes a finished file off the list. */
  const remove = useCallback((key: string) => {
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    if (upload) void upload.abort(true).catch(() => undefined);
    dropPreview(shown.current.find((f) => f.key === key));
    setFiles((all) => all.filter((f) => f.key !== key));
  }, []);

  const reset = useCallback(() => {
    uploads.current.clear();
    shown.current.forEach(dropPreview);
    setFiles([]);
  }, []);

  useEffect(() => {
    const current = uploads.current;
    const list = shown;
    return () => {
      for (const upload of current.values()) void upload.abort(false);
      list.current.forEach(dropPreview);
    };
  }, []);

  return {
    files,
    add,
    remove,
    reset,
    uploading: files.some((f) => f.state === 'uploading'),
    attachmentIds: files.flatMap((f) =>
      f.state === 'done' && f.attachmentId ? [f.attachmentId] : [],
    ),
  };
}
export type Uploads = ReturnType<typeof useUploads>;
