import { Circle, Pause, Play, RotateCcw, Send, Square } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import {
  formatDuration,
  REVIEW_MESSAGES,
  reviewDraftSchema,
  STUDIO_LABELS,
  STUDIO_MESSAGES,
  type ReviewDocument,
} from '@contracts/video-review';
import { useUploads } from '@/components/attachments/use-uploads';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAddReview } from './api';
import type { VoiceOverRecorder } from './recorder';
import { recordingFileName } from './recording-format';

/**
 * The voice-over (issue 38): record the stage with the microphone, pause and resume, stop,
 * preview, record again; then "Add to answer" uploads the recording through the resumable upload
 * (the answer form's own `useUploads`), saves it with the structured review as a draft of the
 * answer, and goes back to the question's answer form, which lists it with its preparation.
 */
export function VoiceOver({
  recorder,
  stage,
  questionId,
  document,
  returnTo,
}: {
  recorder: VoiceOverRecorder;
  /** The stage canvas the recording captures. */
  stage: RefObject<HTMLCanvasElement | null>;
  questionId: string;
  /** The structured review as it is now: read when the Coach adds the recording. */
  document: () => ReviewDocument;
  returnTo: string;
}) {
  const state = useSyncExternalStore(recorder.subscribe, recorder.getState, recorder.getState);
  const uploads = useUploads();
  const addReview = useAddReview(questionId);
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  // The document as it was when the Coach pressed "Add to answer".
  const sending = useRef<ReviewDocument | null>(null);
  const upload = uploads.files[0];

  /** Saves the recording (uploaded as `attachmentId`) with the review as it was when added. */
  const save = (attachmentId: string, document: ReviewDocument) => {
    const draft = reviewDraftSchema.safeParse({ videoAttachmentId: attachmentId, document });
    if (!draft.success) {
      setProblem(draft.error.issues[0]?.message ?? STUDIO_MESSAGES.addFailed);
      return;
    }
    addReview.mutate(draft.data, {
      onSuccess: () => void navigate(returnTo),
      onError: (failure) => setProblem(errorMessage(failure, STUDIO_MESSAGES.addFailed)),
    });
  };
  const saveLatest = useRef(save);
  useEffect(() => {
    saveLatest.current = save;
  });

  // The upload finished (or failed) after "Add to answer": save the draft, or say why not.
  useEffect(() => {
    const document = sending.current;
    if (!upload || !document) return;
    // A failed upload says why below (`shown`); "Add to answer" tries again.
    if (upload.state === 'failed') {
      sending.current = null;
    } else if (upload.state === 'done' && upload.attachmentId) {
      sending.current = null;
      saveLatest.current(upload.attachmentId, document);
    }
  }, [upload]);

  const add = () => {
    const recording = state.recording;
    if (!recording) return;
    setProblem(null);
    // Uploaded already (the draft was refused): saved again, not uploaded again.
    if (upload?.state === 'done' && upload.attachmentId) {
      save(upload.attachmentId, document());
      return;
    }
    if (upload) uploads.reset();
    sending.current = document();
    uploads.add([
      new File([recording.blob], recordingFileName(recording.type), { type: recording.type }),
    ]);
  };

  const again = () => {
    uploads.reset();
    setProblem(null);
    recorder.discard();
  };

  const busy = upload?.state === 'uploading' || addReview.isPending || addReview.isSuccess;
  const percent = upload && upload.size > 0 ? Math.round((upload.sent / upload.size) * 100) : 0;
  const elapsed = formatDuration(state.elapsedMs);
  const shown =
    problem ?? (upload?.state === 'failed' ? (upload.error ?? STUDIO_MESSAGES.addFailed) : null);

  return (
    <section aria-label={STUDIO_LABELS.recordVoiceOver} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {(state.status === 'idle' || state.status === 'failed' || state.status === 'starting') && (
          <Button
            type="button"
            variant="destructive"
            disabled={state.status === 'starting'}
            onClick={() => void recorder.start(stage.current)}
          >
            <Circle aria-hidden className="fill-current" />
            {STUDIO_LABELS.recordVoiceOver}
          </Button>
        )}
        {state.status === 'recording' && (
          <Button type="button" variant="outline" onClick={() => recorder.pause()}>
            <Pause aria-hidden />
            {STUDIO_LABELS.pauseRecording}
          </Button>
        )}
        {state.status === 'paused' && (
          <Button type="button" variant="outline" onClick={() => recorder.resume()}>
            <Play aria-hidden />
            {STUDIO_LABELS.resumeRecording}
          </Button>
        )}
        {(state.status === 'recording' || state.status === 'paused') && (
          <Button type="button" variant="dark" onClick={() => recorder.stop()}>
            <Square aria-hidden />
            {STUDIO_LABELS.stopRecording}
          </Button>
        )}
        <p role="status" className="text-sm font-semibold text-ink tabular-nums">
          {state.status === 'recording'
            ? STUDIO_MESSAGES.recording(elapsed)
            : state.status === 'paused'
              ? STUDIO_MESSAGES.recordingPaused(elapsed)
              : ''}
        </p>
      </div>
      {state.status === 'idle' && (
        <p className="text-sm text-muted">{STUDIO_MESSAGES.recordingLimit}</p>
      )}
      {state.error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {REVIEW_MESSAGES[state.error]}
        </p>
      )}
      {state.status === 'stopped' && state.recording && (
        <div className="flex flex-col gap-2">
          <video
            controls
            playsInline
            src={state.recording.url}
            aria-label={STUDIO_LABELS.preview}
            className="max-h-72 w-full rounded-lg bg-black"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="outline" disabled={busy} onClick={again}>
              <RotateCcw aria-hidden />
              {STUDIO_LABELS.recordAgain}
            </Button>
            <Button type="button" disabled={busy} onClick={add}>
              <Send aria-hidden />
              {STUDIO_LABELS.addToAnswer}
            </Button>
            {upload?.state === 'uploading' && (
              <p role="status" className="text-sm text-muted tabular-nums">
                {STUDIO_MESSAGES.uploading(percent)}
              </p>
            )}
          </div>
        </div>
      )}
      {shown && (
        <p role="alert" className="text-sm font-medium text-danger">
          {shown}
        </p>
      )}
    </section>
  );
}
