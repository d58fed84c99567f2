import { Flag } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { QUESTION_MESSAGES, REPORT_REASONS } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useReportQuestion } from './question-api';
import type { ReportReason } from './question-api';
import { errorMessage } from '@/lib/api-client';

const DETAILS_MAX = 2000;

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    const trimmed = details.trim();
    report.mutate(
      { reason, ...(trimmed ? { details: trimmed } : {}) },
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
        <form onSubmit={submit} className="flex flex-col gap-5">
          <fieldset className="flex flex-col gap-2" disabled={report.isPending}>
            <legend className="mb-2 text-sm font-semibold text-ink">Reason</legend>
            {REPORT_REASONS.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2.5 text-ink transition-colors',
                  reason === option.value ? 'border-navy bg-surface' : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name="reason"
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => setReason(option.value)}
                  className="size-4 shrink-0 accent-navy"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <Field label="Details (optional)">
            <textarea
              className={inputClass}
              rows={4}
              maxLength={DETAILS_MAX}
              value={details}
              disabled={report.isPending}
              onChange={(event) => setDetails(event.target.value)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={report.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!reason || report.isPending}>
              Submit Report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
