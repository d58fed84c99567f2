import { Flag } from 'lucide-react';
import { useState } from 'react';
import { QUESTION_MESSAGES, REPORT_REASONS } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useReportQuestion } from './question-api';
import { ReasonForm } from './reason-form';
import type { ReportReason } from './question-api';
import { errorMessage } from '@/lib/api-client';

/** 'Report Abuse': the trigger button and its dialog with the reason and optional details. */
export function ReportDialog({
  questionId,
  className,
}: {
  questionId: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const report = useReportQuestion(questionId);

  const close = () => {
    setOpen(false);
    setReason(null);
    setDetails('');
  };
  // The dialog stays open while the report is on its way.
  const changeOpen = (next: boolean) => {
    if (next) setOpen(true);
    else if (!report.isPending) close();
  };

  const submit = (chosen: NonNullable<typeof reason>) => {
    const trimmed = details.trim();
    report.mutate(
      { reason: chosen, ...(trimmed ? { details: trimmed } : {}) },
      {
        onSuccess: () => {
          toast(QUESTION_MESSAGES.reportSubmitted);
          close();
        },
        onError: (error) =>
          toast({
            title: errorMessage(error, QUESTION_MESSAGES.reportFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className={cn('text-danger hover:bg-danger-soft', className)}
        >
          <Flag aria-hidden />
          Report Abuse
        </Button>
      </DialogTrigger>
      <DialogContent title="Report Abuse">
        <ReasonForm
          name="reason"
          reasons={REPORT_REASONS}
          reason={reason}
          onReason={setReason}
          details={details}
          onDetails={setDetails}
          pending={report.isPending}
          submitLabel="Submit Report"
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}
