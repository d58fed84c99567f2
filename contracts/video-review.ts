import { z } from 'zod';
import { id } from './api-paths';

/**
 * The video review studio (issue 38, ADR 090): a Coach reviews a Player's clip frame by frame,
 * draws on it, compares it with a second clip and records a voice-over; the recording is a review
 * video sent with an answer, and the structured review (drawings with their times, sync points,
 * the clips used) is kept so the Player can replay it interactively.
 */

/** The longest review video a Coach can record or send, in seconds. */
export const REVIEW_MAX_SECONDS = 10 * 60;
/** Review videos one answer (the first answer or the follow-up's) can carry. */
export const REVIEWS_PER_ANSWER = 3;
/** A structured review's size as JSON: thousands of freehand points fit. */
export const REVIEW_DOCUMENT_MAX_BYTES = 256 * 1024;
export const REVIEW_DRAWINGS_MAX = 500;
/** Points in one drawing: a freehand stroke's samples; shapes have 1 to 3. */
export const REVIEW_POINTS_MAX = 4000;
export const REVIEW_TEXT_MAX = 80;
/** Reference clips one Coach keeps in their library. */
export const REFERENCE_CLIPS_MAX = 50;
export const REFERENCE_CLIP_NAME_MAX = 80;
/** The playback speeds the studio offers (issue 38: 0.1× to 2×). */
export const STUDIO_SPEEDS = [0.1, 0.25, 0.5, 1, 1.5, 2] as const;
/** The frame rate assumed for a clip whose rate could not be read from its file. */
export const FALLBACK_FRAME_RATE = 30;
/** The review video's frame rate as recorded from the studio's canvas. */
export const RECORDING_FRAME_RATE = 30;

export const DRAWING_TOOLS = ['freehand', 'line', 'arrow', 'ellipse', 'angle', 'text'] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

/** The colours the studio offers: readable on grass, court, snow and skin. */
export const DRAWING_COLOURS = [
  '#ff3b30',
  '#ffcc00',
  '#34c759',
  '#0a84ff',
  '#ffffff',
  '#000000',
] as const;
/** Stroke widths in pixels of a 1000-pixel-wide frame, scaled with the frame. */
export const DRAWING_WIDTHS = [3, 6, 10] as const;

/** A point on the frame, as a fraction of its width and height (0..1), so any size replays it. */
export const pointSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type Point = z.infer<typeof pointSchema>;

/** How many points each tool takes: freehand any number, shapes a fixed count. */
export const TOOL_POINTS: Record<DrawingTool, { min: number; max: number }> = {
  freehand: { min: 1, max: REVIEW_POINTS_MAX },
  line: { min: 2, max: 2 },
  arrow: { min: 2, max: 2 },
  // The two corners of the ellipse's bounding box.
  ellipse: { min: 2, max: 2 },
  // The first arm's end, the vertex, the second arm's end; the degrees are computed.
  angle: { min: 3, max: 3 },
  // Where the label's text starts.
  text: { min: 1, max: 1 },
};

/**
 * One drawing. `from`/`to` are times in the clip it is drawn on (milliseconds of the source's own
 * timeline): it shows while the clip's time is within them (`to` null: to the clip's end).
 */
export const drawingSchema = z
  .object({
    id: z.string().min(1).max(40),
    tool: z.enum(DRAWING_TOOLS),
    colour: z.enum(DRAWING_COLOURS),
    width: z.union(DRAWING_WIDTHS.map((w) => z.literal(w))),
    points: z.array(pointSchema).min(1).max(REVIEW_POINTS_MAX),
    text: z.string().max(REVIEW_TEXT_MAX).optional(),
    /** Which clip it is drawn on: the Player's (main) or the compared one. */
    clip: z.enum(['main', 'compare']).default('main'),
    from: z.number().int().min(0),
    to: z.number().int().min(0).nullable(),
  })
  .refine(
    (d) => d.points.length >= TOOL_POINTS[d.tool].min && d.points.length <= TOOL_POINTS[d.tool].max,
    { message: 'A drawing has the wrong number of points for its tool.' },
  )
  .refine((d) => d.tool !== 'text' || (d.text ?? '').trim().length > 0, {
    message: 'A text label needs its text.',
  })
  .refine((d) => d.to === null || d.to >= d.from, { message: 'A drawing ends before it starts.' });
export type Drawing = z.infer<typeof drawingSchema>;

/** Where a compared clip comes from: another of the question's videos, or the Coach's library. */
export const CLIP_ORIGINS = ['question', 'reference'] as const;
export type ClipOrigin = (typeof CLIP_ORIGINS)[number];

/**
 * The second clip: its sync points are the two clips' times (ms) that play together; `layout`
 * side by side or overlaid with `opacity` (0..1) on the Player's clip.
 */
export const compareSchema = z.object({
  origin: z.enum(CLIP_ORIGINS),
  attachmentId: z.uuid(),
  syncMain: z.number().int().min(0),
  syncCompare: z.number().int().min(0),
  layout: z.enum(['side', 'overlay']),
  opacity: z.number().min(0).max(1),
});
export type Compare = z.infer<typeof compareSchema>;

/** The structured review: what the Player replays interactively. */
export const reviewDocumentSchema = z.object({
  version: z.literal(1),
  /** The Player's video the review is about (an attachment of the question). */
  sourceAttachmentId: z.uuid(),
  compare: compareSchema.nullable(),
  drawings: z.array(drawingSchema).max(REVIEW_DRAWINGS_MAX),
});
export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;

/**
 * A recorded review, uploaded through the resumable upload (its attachment id), saved as a draft
 * of the Coach's next answer on the question until that answer is sent.
 */
export const reviewDraftSchema = z.object({
  videoAttachmentId: z.uuid(),
  /** The recording's length as the recorder measured it; the server reads the file's own. */
  document: reviewDocumentSchema,
});
export type ReviewDraftInput = z.infer<typeof reviewDraftSchema>;

/** The drafts an answer (or a follow-up's answer) sends, bound in its transaction. */
export const reviewIdsSchema = z
  .array(z.uuid())
  .max(REVIEWS_PER_ANSWER, {
    message: `An answer can carry at most ${REVIEWS_PER_ANSWER} video reviews.`,
  })
  .default([]);

/** A review video's preparation: transcoded for every browser, Safari on iPhone included. */
export const REVIEW_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A video as the studio and the interactive review play it; URLs signed and short-lived. */
export const reviewClipSchema = z.object({
  attachmentId: z.string(),
  origin: z.enum(CLIP_ORIGINS),
  name: z.string(),
  url: z.string().nullable(),
  frameRate: z.number().positive().nullable(),
  durationMs: z.number().int().nullable(),
});
export type ReviewClip = z.infer<typeof reviewClipSchema>;

/** One review as its Coach (drafts and sent) or its Player (sent only) reads it. */
export const videoReviewSchema = z.object({
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  /** 0..100 while processing. */
  progress: z.number().int().min(0).max(100),
  /** Null while a draft; then the answer's (null message) or the follow-up answer's message. */
  sentAt: z.string().nullable(),
  messageId: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The review video (MP4, H.264 and AAC) and its poster frame, once ready. */
  videoUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  source: reviewClipSchema,
  compare: reviewClipSchema.nullable(),
  document: reviewDocumentSchema,
  createdAt: z.string(),
});
export type VideoReview = z.infer<typeof videoReviewSchema>;
export const videoReviewsSchema = z.object({ reviews: z.array(videoReviewSchema) });

/** A clip of the Coach's reference library (private to them except inside a sent review). */
export const referenceClipSchema = z.object({
  id: z.string(),
  attachmentId: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  sizeBytes: z.number().int(),
  frameRate: z.number().positive().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ReferenceClip = z.infer<typeof referenceClipSchema>;
export const referenceClipsSchema = z.object({ clips: z.array(referenceClipSchema) });

const clipName = z
  .string()
  .trim()
  .min(1, { message: 'Name the clip.' })
  .max(REFERENCE_CLIP_NAME_MAX, {
    message: `A clip's name can be at most ${REFERENCE_CLIP_NAME_MAX} characters.`,
  });
/** A finished video upload of the Coach's own, named, kept in the library. */
export const addReferenceClipSchema = z.object({ attachmentId: z.uuid(), name: clipName });
export const renameReferenceClipSchema = z.object({ name: clipName });

/** The studio's and the review's API paths. */
export const videoReviewApiPaths = {
  /** GET: the question's reviews the viewer may see; POST: a new draft. */
  reviews: (questionId: string) => `/api/questions/${id(questionId)}/reviews`,
  /** DELETE: a draft not yet sent. */
  review: (questionId: string, reviewId: string) =>
    `/api/questions/${id(questionId)}/reviews/${id(reviewId)}`,
  /** GET the library, POST a clip. */
  referenceClips: '/api/coach/reference-clips',
  /** PATCH (rename) or DELETE one clip. */
  referenceClip: (clipId: string) => `/api/coach/reference-clips/${id(clipId)}`,
} as const;

/** The studio's and the review's words. */
export const REVIEW_MESSAGES = {
  openStudio: 'Open in studio',
  studioTitle: 'Video review studio',
  /** The Player's question page and the answer e-mail (issue 38). */
  sentLine: (duration: string) => `Your Coach sent a video review (${duration})`,
  openInteractive: 'Open interactive review',
  processing: (percent: number) => `Preparing video… ${percent}%`,
  failed: 'This video review could not be prepared. Record it again.',
  notReady: 'Wait for your video reviews to finish preparing.',
  tooLong: `A video review can be at most ${REVIEW_MAX_SECONDS / 60} minutes long.`,
  tooMany: `An answer can carry at most ${REVIEWS_PER_ANSWER} video reviews.`,
  notUsable: 'A video review could not be used. Please record it again.',
  notAVideo: 'Only a video can be a review or a reference clip.',
  microphoneDenied:
    'Playbook cannot use your microphone. Allow it in your browser’s settings to record a voice-over.',
  recordingUnsupported:
    'This browser cannot record a video review. Try a current Chrome, Edge, Firefox or Safari.',
  referenceLibrary: 'Reference library',
  referenceLimit: `Your reference library can hold at most ${REFERENCE_CLIPS_MAX} clips.`,
  clipNotFound: 'This clip does not exist.',
} as const;

/** A duration as a clock reads it: 3:12, 0:05, 1:02:03. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * A moment a follow-up points at ("at 0:42"): each match's seconds, for a link that seeks the
 * review there. Minutes up to 59, seconds 00 to 59.
 */
export const MOMENT_PATTERN = /\bat (\d{1,2}):([0-5]\d)\b/g;
export function momentSeconds(minutes: string, seconds: string): number {
  return Number(minutes) * 60 + Number(seconds);
}

/**
 * The studio's controls by name (issue 38): what the Coach reads and what a test finds them by.
 * The tools' names are the issue's words ("circle" for the ellipse tool).
 */
export const STUDIO_LABELS = {
  play: 'Play',
  pause: 'Pause',
  previousFrame: 'Previous frame',
  nextFrame: 'Next frame',
  speed: 'Speed',
  timeline: 'Position',
  loopStart: 'Loop from here',
  loopEnd: 'Loop to here',
  clearLoop: 'Clear loop',
  clip: "Player's video",
  tools: {
    freehand: 'Freehand',
    line: 'Line',
    arrow: 'Arrow',
    ellipse: 'Circle',
    angle: 'Angle',
    text: 'Text',
  } satisfies Record<DrawingTool, string>,
  drawingTools: 'Drawing tools',
  colour: 'Colour',
  width: 'Width',
  labelText: 'Label text',
  undo: 'Undo',
  redo: 'Redo',
  clear: 'Clear',
  drawings: 'Drawings',
  holdUntilHere: 'Hold until here',
  showToEnd: 'Show to the end',
  deleteDrawing: 'Delete',
  compareWith: 'Compare with',
  noCompare: 'No second clip',
  sideBySide: 'Side by side',
  overlay: 'Overlay',
  opacity: 'Opacity',
  setSyncPoint: 'Set sync point',
  mainClip: "Player's clip",
  compareClip: 'Compared clip',
  /** The compared clip's own stepping, to find its sync point. */
  compareBack: 'Step compared clip back',
  compareForward: 'Step compared clip forward',
  referenceLibrary: 'Reference library',
  recordVoiceOver: 'Record voice-over',
  pauseRecording: 'Pause recording',
  resumeRecording: 'Resume recording',
  stopRecording: 'Stop recording',
  recordAgain: 'Record again',
  addToAnswer: 'Add to answer',
  preview: 'Preview of your video review',
  backToQuestion: 'Back to the question',
} as const;

/** The colours' names, for the colour picker's options. */
export const DRAWING_COLOUR_NAMES: Record<(typeof DRAWING_COLOURS)[number], string> = {
  '#ff3b30': 'Red',
  '#ffcc00': 'Yellow',
  '#34c759': 'Green',
  '#0a84ff': 'Blue',
  '#ffffff': 'White',
  '#000000': 'Black',
};
export const DRAWING_WIDTH_NAMES: Record<(typeof DRAWING_WIDTHS)[number], string> = {
  3: 'Thin',
  6: 'Medium',
  10: 'Thick',
};

/** What the studio says as the Coach works. */
export const STUDIO_MESSAGES = {
  noVideo: 'This question has no video to review yet.',
  loading: 'Loading the video…',
  textFirst: 'Type the label’s text, then tap where it goes.',
  angleHint: 'Tap the end of one arm, the corner, then the end of the other arm.',
  noDrawings: 'Nothing drawn yet. Pick a tool and draw on the frame.',
  drawingRange: (from: string, to: string | null) =>
    to === null ? `From ${from} to the end` : `From ${from} to ${to}`,
  syncPoints: 'Set a sync point on each clip to play and step them together.',
  synced: 'The clips play and step together.',
  recording: (elapsed: string) => `Recording ${elapsed}`,
  recordingPaused: (elapsed: string) => `Recording paused at ${elapsed}`,
  recordingLimit: `A video review stops by itself at ${REVIEW_MAX_SECONDS / 60} minutes.`,
  uploading: (percent: number) => `Uploading your video review… ${percent}%`,
  added: 'Video review added to your answer.',
  addFailed: 'Your video review could not be added. Please try again.',
} as const;

/**
 * The recording's video bitrate: a 10-minute review stays near 190 MB, under the upload's video
 * ceiling, and a frame of drawn lines stays sharp.
 */
export const RECORDING_VIDEO_BITS_PER_SECOND = 2_500_000;

/** The reference library's card on Manage Coach Profile (ADR 091); its heading is REVIEW_MESSAGES'. */
export const REFERENCE_LIBRARY_LABELS = {
  lead: 'Keep clips of model technique and drills to put beside a Player’s video in the studio and to send with your answers. Only you see them, until you send one in an answer.',
  empty:
    'Your library is empty. Add a clip of model technique or a drill, and compare any Player’s video with it in the studio.',
  loadFailed: 'Your reference library could not be loaded right now.',
  clips: 'Your reference clips',
  count: (count: number) => `${count} of ${REFERENCE_CLIPS_MAX} clips`,
  clipName: 'Clip name',
  add: 'Add to library',
  waitForUpload: 'Wait for the video to finish uploading, then add it.',
  added: 'Clip added to your library.',
  thumbnail: (name: string) => `Thumbnail of ${name}`,
  rename: 'Rename',
  renameClip: (name: string) => `Rename ${name}`,
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Clip renamed.',
  delete: 'Delete',
  deleteClip: (name: string) => `Delete ${name}`,
  deleteTitle: 'Delete this clip?',
  deleteBody: (name: string) =>
    `“${name}” leaves your library and its file is deleted. Video reviews you have sent that compare with it keep it.`,
  confirmDelete: 'Delete clip',
  deleted: 'Clip deleted.',
} as const;

/** The studio's address for a question, on one of the Player's videos. */
export const studioPath = (questionId: string, clipId?: string) =>
  `/questions/${encodeURIComponent(questionId)}/studio${clipId ? `?clip=${encodeURIComponent(clipId)}` : ''}`;
