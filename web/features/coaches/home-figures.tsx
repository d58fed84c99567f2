import { formatDuration } from '@contracts/response-time';
import { useNewestCoaches } from './api';

/**
 * The hero's figures, each computed from real data (ADR 060): how many Coaches, how many answers,
 * and how fast Coaches usually answer. A figure with nothing behind it is not shown, and with no
 * figure at all the block is absent.
 */
export function HomeFigures() {
  const { data } = useNewestCoaches();
  if (!data) return null;
  const figures: { label: string; value: string }[] = [];
  if (data.total > 0) {
    figures.push({ label: data.total === 1 ? 'Coach' : 'Coaches', value: String(data.total) });
  }
  if (data.figures.answeredQuestions > 0) {
    figures.push({
      label: data.figures.answeredQuestions === 1 ? 'Question answered' : 'Questions answered',
      value: String(data.figures.answeredQuestions),
    });
  }
  if (data.figures.typicalResponseMinutes !== null) {
    figures.push({
      label: 'Coaches usually answer in',
      value: formatDuration(data.figures.typicalResponseMinutes),
    });
  }
  if (figures.length === 0) return null;
  return (
    <dl aria-label="Playbook in figures" className="grid grid-cols-2 gap-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/15">
          <dt className="text-sm text-white/75">{figure.label}</dt>
          <dd className="mt-1 font-display text-4xl font-bold text-volt">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
