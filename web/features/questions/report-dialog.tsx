import { Flag } from 'lucide-react';
import { QUESTION_MESSAGES, REPORT_REASONS } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useReportQuestion } from './question-api';
import { ReasonForm, useReasonDialog } from '@/components/reason-form';

/** 'Report Abuse': the trigger button and its dialog with the reason and optional details. */
export function ReportDialog({
  questionId,
  className,
}: {
  questionId: string;
  className?: string;
}) {
  const { dialog, form } = useReasonDialog({
    mutation: useReportQuestion(questionId),
    failed: QUESTION_MESSAGES.reportFailed,
    sent: QUESTION_MESSAGES.reportSubmitted,
  });

  return (
    <Dialog {...dialog}>
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
        <ReasonForm name="reason" reasons={REPORT_REASONS} submitLabel="Submit Report" {...form} />
      </DialogContent>
    </Dialog>
  );
}
