import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useFlagDispute } from './question-api';
import { errorMessage } from '@/lib/api-client';

/** 'Flag Dispute': asks for confirmation, then flags the question for review for good. */
export function DisputeButton({
  questionId,
  className,
}: {
  questionId: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const dispute = useFlagDispute(questionId);

  const flag = () =>
    dispute.mutate(undefined, {
      onSuccess: () => setOpen(false),
      onError: (error) =>
        toast({
          title: errorMessage(error, QUESTION_MESSAGES.disputeFailed),
          variant: 'destructive',
        }),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !dispute.isPending) && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className={cn(className)}>
          <ShieldAlert aria-hidden />
          Flag Dispute
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Flag a Dispute"
        description="A dispute sends this question to our team for review. Once it is flagged, no further changes can be made to your rating or review."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={dispute.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={dispute.isPending} onClick={flag}>
            Flag Dispute
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
