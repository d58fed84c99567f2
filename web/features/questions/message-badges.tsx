import { MessageCircle, MessageCircleReply } from 'lucide-react';
import { count } from '@/lib/count';

/**
 * A list row's conversation figures (ADR 058): how many messages, and on the Coach's rows whether
 * the Player's reply to a request for details is waiting for the answer.
 */
export function MessageBadges({
  messageCount,
  replyWaiting = false,
}: {
  messageCount: number;
  replyWaiting?: boolean;
}) {
  return (
    <>
      {replyWaiting && (
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-navy/30 bg-navy/5 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-navy">
          <MessageCircleReply aria-hidden className="size-3.5" />
          Reply waiting
        </span>
      )}
      {messageCount > 0 && (
        <span className="inline-flex items-center gap-1.5">
          <MessageCircle aria-hidden className="size-4 shrink-0" />
          {count(messageCount, 'message')}
        </span>
      )}
    </>
  );
}
