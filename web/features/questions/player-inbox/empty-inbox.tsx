import { MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A Player who has not asked anything yet, sent to find a Coach. */
export function EmptyPlayerInbox() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <MessageCircleQuestion aria-hidden className="mx-auto size-10 text-navy" />
      <h2 className="mt-3 text-2xl font-bold text-navy">No questions yet</h2>
      <p className="mt-2 text-muted">Pick a coach, ask one question, and get a straight answer.</p>
      <Button asChild className="mt-5">
        <Link to="/">Browse Coaches</Link>
      </Button>
    </div>
  );
}
