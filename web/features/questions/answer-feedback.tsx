import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { toast, type ToastInput } from '@/components/toast/toast-store';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/**
 * The Player's say on an answer (helpful or not, the stars), which they may change: the choice
 * shows while it is sent and, once saved, until the server's value catches up (or where it is
 * unknown); it is thanked, or its refusal said, in a toast.
 */
export function useAnswerFeedback<V>({
  mutation,
  value,
  thanks,
  failed,
}: {
  mutation: UseMutationResult<unknown, Error, V>;
  /** The Player's choice so far, or null when none is known. */
  value: V | null;
  thanks: (choice: V) => ToastInput;
  failed: string;
}) {
  const [saved, setSaved] = useState<V | null>(null);
  const submit = (choice: V) =>
    mutation.mutate(choice, {
      onSuccess: () => {
        setSaved(choice);
        toast(thanks(choice));
      },
      onError: (error) => toast({ title: errorMessage(error, failed), variant: 'destructive' }),
    });
  return {
    current: mutation.isPending ? mutation.variables : (saved ?? value),
    pending: mutation.isPending,
    submit,
  };
}

/** The feedback's buttons, grouped under the question they answer. */
export function FeedbackGroup({
  label,
  className,
  buttonsClassName,
  children,
}: {
  label: string;
  className?: string;
  buttonsClassName: string;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}
    >
      <p id={labelId} className="text-sm font-semibold text-navy">
        {label}
      </p>
      <div className={buttonsClassName}>{children}</div>
    </div>
  );
}
