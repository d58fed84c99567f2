import { CircleX } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DECLINE_MESSAGES } from '@contracts/question-states';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useDeclineQuestion } from './question-api';

const NOTE_MAX = 1000;

/** The owning Coach turns a waiting question down; the Player is refunded in full if they paid. */
export function DeclineDialog({ questionId }: { questionId: string }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const decline = useDeclineQuestion(questionId);

  const changeOpen = (next: boolean) => {
    if (next) return setOpen(true);
    if (decline.isPending) return;
    setOpen(false);
    setNote('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decline.isPending) return;
    decline.mutate(note.trim(), {
      onSuccess: () => setOpen(false),
      onError: (error) =>
        toast({
          title: errorMessage(error, DECLINE_MESSAGES.declineFailed),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <CircleX aria-hidden />
          Decline
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Decline this question?"
        description="The Player is told, and a paid question is refunded in full. You cannot answer it afterwards."
      >
        <form onSubmit={submit} className="flex flex-col gap-5">
          <Field label="Note to the Player (optional)">
            <textarea
              className={inputClass}
              rows={4}
              maxLength={NOTE_MAX}
              value={note}
              disabled={decline.isPending}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={decline.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              Decline and refund
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
