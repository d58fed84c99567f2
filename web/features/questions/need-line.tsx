import { ListTodo } from 'lucide-react';
import { formatDateTime } from '@contracts/dates';
import { NEED_LABELS, needDeadline, type CoachNeed, type PlayerNeed } from '@contracts/questions';

type Need =
  | { side: 'expert'; kind: CoachNeed; by: string | null }
  | { side: 'asker'; kind: PlayerNeed; by: string | null };

/**
 * What a question needs of its viewer now, and by when (issue 36): the line that makes a card
 * part of the work queue. `deadlineShown` leaves the deadline out where the card already says it
 * ("Answer by …" beside it).
 */
export function NeedLine({ need, deadlineShown = false }: { need: Need; deadlineShown?: boolean }) {
  const label =
    need.side === 'expert' ? NEED_LABELS.expert[need.kind] : NEED_LABELS.asker[need.kind];
  const when = deadlineShown ? null : needDeadline(need, formatDateTime);
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl bg-volt/40 px-3 py-2 text-sm text-navy">
      <ListTodo aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold">{label}</span>
        {when && (
          <>
            {' · '}
            {need.by ? <time dateTime={need.by}>{when}</time> : <span>{when}</span>}
          </>
        )}
      </span>
    </p>
  );
}
