import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { adminApi } from './session';
import { ADMIN_QUERY_KEY, useSessionExpiry } from './use-admin-session';

interface ConfirmActionProps {
  action: { label: string; confirm: string; done: string };
  /** The admin route that carries the action out. */
  path: string;
  destructive?: boolean;
}

/**
 * An admin action behind a confirmation. The server takes it once; a second click, or another
 * administrator's earlier one, comes back with the server's explanation.
 */
export function ConfirmAction({ action, path, destructive }: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const expire = useSessionExpiry();
  const run = useMutation({
    mutationFn: () => adminApi(path, { method: 'POST' }),
    onSuccess: () => toast({ title: action.done }),
    onError: (error) => {
      expire(error);
      toast({ title: errorMessage(error, UNEXPECTED_ERROR), variant: 'destructive' });
    },
    onSettled: () => {
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={destructive ? 'destructive' : 'outline'}>
          {action.label}
        </Button>
      </DialogTrigger>
      <DialogContent title={action.label} description={action.confirm}>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'dark'}
            disabled={run.isPending}
            onClick={() => run.mutate()}
          >
            {`Confirm: ${action.label}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
