import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A Coach with no question at all, under any filter. */
export function EmptyCoachInbox() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <Inbox aria-hidden className="mx-auto size-10 text-navy" />
      <h2 className="mt-3 text-2xl font-bold text-navy">No questions yet</h2>
      <p className="mt-2 text-muted">When a Player asks you a question, it shows up here.</p>
      <Button asChild className="mt-5">
        <Link to="/">Back to Homepage</Link>
      </Button>
    </div>
  );
}
