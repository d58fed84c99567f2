import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Attachment } from '@contracts/attachments';
import { questionApiPaths } from '@contracts/question-api-paths';
import { QUESTION_PAGE_PLACES, questionPagePath } from '@contracts/question-page-places';
import { reviewAddedPath } from '@contracts/review-player';
import type { QuestionDetail } from '@contracts/questions';
import { studioReturn } from '@contracts/studio-access';
import {
  DRAWING_COLOURS,
  DRAWING_WIDTHS,
  REVIEW_MESSAGES,
  STUDIO_LABELS,
  STUDIO_MESSAGES,
  type Drawing,
  type Point,
  type ReviewDocument,
} from '@contracts/video-review';
import { useQuestionAttachments } from '@/components/attachments/api';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { api } from '@/lib/api-client';
import { useReferenceClips } from './api';
import { ClipController } from './clip-controller';
import { ComparePanel, type CompareChoice } from './compare-panel';
import { DrawingList } from './drawing-list';
import { canRedo, canUndo, commit, emptyHistory, redo, replaceDrawing, undo } from './history';
import { playerVideos, type PlayerVideo } from './player-videos';
import { browserDevices, VoiceOverRecorder } from './recorder';
import { Stage, type Pen } from './stage';
import { stageLayout } from './stage-layout';
import { syncOf } from './sync';
import { Toolbar } from './toolbar';
import { Transport } from './transport';
import { VoiceOver } from './voice-over';
import { ClipVideo } from './clip-video';
import { useFollow, useSize, useStudioKeys } from './studio-hooks';

/**
 * The Coach's video review studio (issue 38, ADR 092) for one question: the Player's videos, the
 * telestrator, a compared clip and the voice-over, composed on one stage canvas.
 */
export function StudioView({ questionId }: { questionId: string }) {
  // The question page's own query (same key and answer), so going back finds it fresh in the cache.
  const question = useQuery({
    queryKey: ['questions', 'detail', questionId],
    queryFn: ({ signal }) => api<QuestionDetail>(questionApiPaths.question(questionId), { signal }),
  });
  const files = useQuestionAttachments(questionId);
  const references = useReferenceClips();
  if (question.isPending || files.isPending) return <PageLoading />;
  if (question.isError || files.isError || !question.data || !files.data) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <LoadError
          message="This question could not be loaded right now."
          onRetry={() => void Promise.all([question.refetch(), files.refetch()])}
        />
      </div>
    );
  }
  const q = question.data;
  const videos = playerVideos(q, files.data);
  const place = studioReturn(q);
  const back = questionPagePath(questionId, place ?? undefined);
  // Back at the form the review goes with, which opens with it listed (H4's useOpenedByStudio).
  const added = `${reviewAddedPath(questionId)}${place ? `#${QUESTION_PAGE_PLACES[place]}` : ''}`;
  const choices: CompareChoice[] = [
    ...videos.map((v) => ({ origin: 'question' as const, attachmentId: v.file.id, name: v.label })),
    ...(references.data ?? []).map((c) => ({
      origin: 'reference' as const,
      attachmentId: c.attachmentId,
      name: c.name,
    })),
  ];
  const urls = new Map<string, { url: string | null; frameRate: number | null }>([
    ...videos.map(
      (v) => [v.file.id, { url: v.file.url, frameRate: v.file.video?.frameRate ?? null }] as const,
    ),
    ...(references.data ?? []).map(
      (c) => [c.attachmentId, { url: c.url, frameRate: c.frameRate }] as const,
    ),
  ]);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-6 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold text-navy">{REVIEW_MESSAGES.studioTitle}</h1>
        <Link to={back} className="inline-flex items-center gap-1 text-sm font-semibold underline">
          <ArrowLeft aria-hidden className="size-4" />
          {STUDIO_LABELS.backToQuestion}
        </Link>
      </div>
      {videos.length === 0 ? (
        <Card className="p-6">
          <p>{STUDIO_MESSAGES.noVideo}</p>
        </Card>
      ) : (
        <Workbench
          questionId={questionId}
          videos={videos}
          choices={choices}
          sources={urls}
          back={added}
        />
      )}
    </div>
  );
}

function Workbench({
  questionId,
  videos,
  choices,
  sources,
  back,
}: {
  questionId: string;
  videos: readonly PlayerVideo[];
  choices: readonly CompareChoice[];
  sources: ReadonlyMap<string, { url: string | null; frameRate: number | null }>;
  back: string;
}) {
  const [params, setParams] = useSearchParams();
  const chosen = videos.find((v) => v.file.id === params.get('clip')) ?? videos[0]!;
  return (
    <Session
      // A new clip is a new review: its drawings' times belong to the clip they were drawn on.
      key={chosen.file.id}
      questionId={questionId}
      source={chosen.file}
      videos={videos}
      onSource={(id) => setParams({ clip: id }, { replace: true })}
      choices={choices}
      sources={sources}
      back={back}
    />
  );
}

function Session({
  questionId,
  source,
  videos,
  onSource,
  choices,
  sources,
  back,
}: {
  questionId: string;
  source: Attachment;
  videos: readonly PlayerVideo[];
  onSource: (id: string) => void;
  choices: readonly CompareChoice[];
  sources: ReadonlyMap<string, { url: string | null; frameRate: number | null }>;
  back: string;
}) {
  const main = useMemo(() => new ClipController(source.video?.frameRate ?? null), [source]);
  const [compareChoice, setCompareChoice] = useState<CompareChoice | null>(null);
  const compareSource = compareChoice ? sources.get(compareChoice.attachmentId) : undefined;
  const compareRate = compareSource?.frameRate ?? null;
  const compareKey = compareChoice ? `${compareChoice.origin}:${compareChoice.attachmentId}` : '';
  // A new controller per chosen clip, at the clip's own rate.
  const compare = useMemo(
    () => (compareKey ? new ClipController(compareRate) : null),
    [compareKey, compareRate],
  );
  const [mode, setMode] = useState<'side' | 'overlay'>('side');
  const [opacity, setOpacity] = useState(0.5);
  const [syncMain, setSyncMain] = useState<number | null>(null);
  const [syncCompare, setSyncCompare] = useState<number | null>(null);
  const sync = useMemo(() => syncOf(syncMain, syncCompare), [syncMain, syncCompare]);
  const [pen, setPen] = useState<Pen>({
    tool: 'arrow',
    colour: DRAWING_COLOURS[0],
    width: DRAWING_WIDTHS[1],
    text: '',
  });
  const [history, setHistory] = useState(emptyHistory);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const textField = useRef<HTMLInputElement | null>(null);
  const [recorder] = useState(() => new VoiceOverRecorder(browserDevices()));
  useEffect(() => () => recorder.dispose(), [recorder]);
  const status = useSyncExternalStore(recorder.subscribe, () => recorder.getState().status);
  const recording = status === 'recording' || status === 'paused' || status === 'starting';

  const mainSize = useSize(main, source.video);
  const compareSize = useSize(compare, null);
  // The stage keeps its size while recording: the recorder's frames are all one size.
  const layout = useMemo(
    () => stageLayout(mainSize, compare ? compareSize : null, mode),
    [mainSize, compareSize, compare, mode],
  );

  useFollow(main, compare, sync);

  const drawings = history.present;
  const change = (next: readonly Drawing[]) => setHistory((h) => commit(h, next));

  const onDrawn = (points: readonly Point[], clip: Drawing['clip']) => {
    const controller = clip === 'compare' && compare ? compare : main;
    const { time } = controller.getSnapshot();
    // The frame on screen's own presentation time, as the interactive review judges it: the
    // drawing shows on that very frame when replayed, not on the one before.
    const from = Math.floor(time * 1000);
    const drawing: Drawing = {
      id: crypto.randomUUID(),
      tool: pen.tool,
      colour: pen.colour,
      width: pen.width,
      points: [...points],
      ...(pen.tool === 'text' ? { text: pen.text.trim() } : {}),
      clip,
      from,
      to: null,
    };
    change([...drawings, drawing]);
  };

  const [actions] = useState(() => ({
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
  }));
  useStudioKeys(main, canvasRef, actions);

  const document = (): ReviewDocument => ({
    version: 1,
    sourceAttachmentId: source.id,
    compare:
      compareChoice && compare
        ? {
            origin: compareChoice.origin,
            attachmentId: compareChoice.attachmentId,
            syncMain: syncMain ?? 0,
            syncCompare: syncCompare ?? 0,
            layout: mode,
            opacity,
          }
        : null,
    drawings: [...drawings],
  });

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-3">
        {videos.length > 1 && (
          <label className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
            {STUDIO_LABELS.clip}
            <select
              className="h-9 max-w-full rounded-lg border border-line bg-white px-2 text-sm"
              value={source.id}
              disabled={recording}
              onChange={(e) => onSource(e.target.value)}
            >
              {videos.map((v) => (
                <option key={v.file.id} value={v.file.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <Stage
          canvasRef={canvasRef}
          layout={layout}
          mode={mode}
          opacity={opacity}
          main={main}
          compare={compare}
          drawings={drawings}
          pen={pen}
          recording={recording}
          onDrawn={onDrawn}
          onNeedText={() => textField.current?.focus()}
          label={REVIEW_MESSAGES.studioTitle}
        />
        <ClipVideo controller={main} url={source.url} />
        {compare && <ClipVideo controller={compare} url={compareSource?.url ?? null} />}
        <Transport clip={main} />
        <Toolbar
          pen={pen}
          onPen={setPen}
          canUndo={canUndo(history)}
          canRedo={canRedo(history)}
          canClear={drawings.length > 0}
          onUndo={() => setHistory(undo)}
          onRedo={() => setHistory(redo)}
          onClear={() => change([])}
          textField={textField}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <Card className="p-4">
          <VoiceOver
            stage={canvasRef}
            recorder={recorder}
            questionId={questionId}
            document={document}
            returnTo={back}
          />
        </Card>
        <Card className="p-4">
          <ComparePanel
            choices={choices.filter((c) => c.attachmentId !== source.id)}
            chosen={compareChoice}
            onChoose={(choice) => {
              setCompareChoice(choice);
              setSyncMain(null);
              setSyncCompare(null);
              // Drawings on the compared clip belong to the clip that goes.
              if (drawings.some((d) => d.clip === 'compare')) {
                change(drawings.filter((d) => d.clip === 'main'));
              }
            }}
            layout={mode}
            onLayout={setMode}
            opacity={opacity}
            onOpacity={setOpacity}
            main={main}
            compare={compare}
            syncMain={syncMain}
            syncCompare={syncCompare}
            onSync={(clip, ms) => (clip === 'main' ? setSyncMain(ms) : setSyncCompare(ms))}
            locked={recording}
          />
        </Card>
        <Card className="p-4">
          <DrawingList
            drawings={drawings}
            main={main}
            compare={compare}
            onChange={(id, next) => change(replaceDrawing(drawings, id, next))}
          />
        </Card>
      </div>
    </div>
  );
}
