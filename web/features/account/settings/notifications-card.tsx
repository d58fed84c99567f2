import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SIGN_UP_MESSAGES } from '@contracts/account';
import {
  NOTIFICATION_DESCRIPTIONS,
  NOTIFICATION_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationCategory,
} from '@contracts/notifications';
import { toast } from '@/components/toast/toast-store';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { choosePreference, notificationsQuery } from './api';

const LOAD_FAILED = 'Your e-mail preferences could not be loaded.';

/** One kind of e-mail: its checkbox, its name as the label, what it is beneath. */
function Choice({
  category,
  enabled,
  disabled,
  onChange,
}: {
  category: NotificationCategory;
  enabled: boolean;
  disabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const id = useId();
  // What the box shows, changed in the click's own render. The saved choice arrives later (the
  // mutation's onMutate and the query's update run after the event), and until then React would
  // put a controlled box back as it was: a click that seems not to take.
  const [shown, setShown] = useState(enabled);
  const [saved, setSaved] = useState(enabled);
  if (saved !== enabled) {
    // The saved choice changed (the optimistic update, the server's answer, or a refusal's undo).
    setSaved(enabled);
    setShown(enabled);
  }
  return (
    <li className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-navy"
        checked={shown}
        disabled={disabled}
        aria-describedby={`${id}-about`}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
      />
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          {NOTIFICATION_LABELS[category]}
        </label>
        <p id={`${id}-about`} className="text-sm text-muted">
          {NOTIFICATION_DESCRIPTIONS[category]}
        </p>
      </div>
    </li>
  );
}

/** Which e-mails the person gets (issue 25); money and security e-mails are not theirs to stop. */
export function NotificationsCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery(notificationsQuery());
  const { queryKey } = notificationsQuery();
  // The box shows the choice at once; a refusal puts it back.
  const choose = useMutation({
    mutationFn: choosePreference,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (current) =>
        current
          ? {
              preferences: current.preferences.map((p) =>
                p.category === input.category ? { ...p, enabled: input.enabled } : p,
              ),
            }
          : current,
      );
      return { before };
    },
    onSuccess: (next) => {
      queryClient.setQueryData(queryKey, next);
      toast({ title: NOTIFICATION_MESSAGES.saved });
    },
    onError: (error, _input, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      toast({ title: errorMessage(error, SIGN_UP_MESSAGES.unexpected), variant: 'destructive' });
    },
  });

  return (
    <Card className="space-y-4">
      <h2 className="text-2xl font-bold text-navy">E-mail notifications</h2>
      <p className="text-muted">Choose which e-mails you get from Playbook.</p>
      {preferences.isError ? (
        <LoadError
          message={LOAD_FAILED}
          retrying={preferences.isFetching}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <ul className="space-y-4" aria-busy={preferences.isPending}>
          {(preferences.data?.preferences ?? []).map(({ category, enabled }) => (
            <Choice
              key={category}
              category={category}
              enabled={enabled}
              disabled={choose.isPending}
              onChange={(next) => choose.mutate({ category, enabled: next })}
            />
          ))}
        </ul>
      )}
      <p className="rounded-xl bg-navy/5 p-4 text-sm text-ink">{NOTIFICATION_MESSAGES.mandatory}</p>
    </Card>
  );
}
