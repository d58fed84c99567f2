import { Flag } from 'lucide-react';
import { QUESTION_MESSAGES, REPORT_REASONS } from '@contracts/question-messages';
import { REVIEW_TEXTS } from '@contracts/reviews';
import { ReasonForm, useReasonDialog } from '@/components/reason-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { useReportReview } from './api';

/** 'Report review': the reasons and details of Report Abuse, about one review (ADR 062). */
export function ReportReviewDialog({
  reviewId,
  playerName,
}: {
  reviewId: string;
  playerName: string;
}) {
  const { dialog, form } = useReasonDialog({
    mutation: useReportReview(reviewId),
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
          aria-label={`${REVIEW_TEXTS.report} by ${playerName}`}
          className="text-danger hover:bg-danger-soft"
        >
          <Flag aria-hidden />
          {REVIEW_TEXTS.report}
        </Button>
      </DialogTrigger>
      <DialogContent title={REVIEW_TEXTS.report}>
        <ReasonForm name="reason" reasons={REPORT_REASONS} submitLabel="Submit Report" {...form} />
      </DialogContent>
    </Dialog>
  );
}
