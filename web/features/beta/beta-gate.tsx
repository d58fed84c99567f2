import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  BETA_ACCESS_PARAM,
  BETA_STORAGE_KEY,
  BETA_STORAGE_VALUE,
  INVALID_ACCESS_CODE,
} from '@contracts/beta';
import { PAGE_FORM_FIELD, PAGE_FORMS } from '@contracts/ssr';
import { Brand } from '@/components/brand';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { ApiRequestError } from '@/lib/api-client';
import { usePageForm } from '@/lib/page-form';
import { betaStatusQuery, submitBetaCode, useBetaStatus } from './api';

/** Takes `?access=CODE` off the address bar so the code is not left in history or shared links. */
function takeCodeFromUrl(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(BETA_ACCESS_PARAM);
  if (code === null) return null;
  url.searchParams.delete(BETA_ACCESS_PARAM);
  window.history.replaceState(window.history.state, '', url);
  return code;
}

/** Nothing below renders until the server says this browser has passed the beta gate. */
export function BetaGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useBetaStatus();
  // A code posted before the app loaded, and the server's answer (ADR 053).
  const posted = usePageForm(PAGE_FORMS.betaAccess);
  const [postedMessage, setPostedMessage] = useState(posted?.message ?? null);
  // The field is shown again after a refused code (it is replaced by 'Loading…' meanwhile).
  const [typed, setTyped] = useState(posted?.values.code ?? '');
  const submit = useMutation({
    mutationFn: submitBetaCode,
    onSuccess: async () => {
      localStorage.setItem(BETA_STORAGE_KEY, BETA_STORAGE_VALUE);
      // A status request still in flight was sent before the cookie existed; its answer is stale.
      const { queryKey } = betaStatusQuery();
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, { required: true, granted: true });
    },
    onError: (error) => {
      const message =
        error instanceof ApiRequestError && error.status === 429
          ? error.message
          : INVALID_ACCESS_CODE;
      toast({ title: message, variant: 'destructive' });
    },
  });

  const fromUrl = useRef<string | null | undefined>(undefined);
  const { mutate } = submit;
  useEffect(() => {
    if (fromUrl.current !== undefined) return;
    fromUrl.current = takeCodeFromUrl();
    // The server has checked a code it rendered the page for; only the app's shell leaves it here.
    if (fromUrl.current && !posted) mutate({ code: fromUrl.current });
  }, [mutate, posted]);

  if (status.data && status.data.granted) return children;
  if (status.isError) {
    return (
      <GateScreen>
        <p role="alert" className="text-white/80">
          We couldn't reach the server. Please refresh the page.
        </p>
      </GateScreen>
    );
  }
  if (!status.data || submit.isPending) {
    return (
      <GateScreen>
        <p className="text-white/80">Loading…</p>
      </GateScreen>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPostedMessage(null);
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setTyped(code);
    if (!code.trim()) {
      toast({ title: INVALID_ACCESS_CODE, variant: 'destructive' });
      return;
    }
    submit.mutate({ code });
  };

  return (
    <GateScreen>
      {/* A plain form the server handles too, before the app loads or without it (ADR 053). The
          field is uncontrolled, so hydration keeps what was typed before it. */}
      <form method="post" onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-4">
        <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.betaAccess} />
        <div className="text-left [&_label]:text-white">
          <Field label="Access code">
            <input
              className={inputClass}
              name="code"
              defaultValue={typed}
              autoComplete="off"
              autoFocus
            />
          </Field>
        </div>
        {postedMessage && (
          <p role="alert" className="font-semibold text-white">
            {postedMessage}
          </p>
        )}
        <Button type="submit" size="lg">
          Enter
        </Button>
      </form>
    </GateScreen>
  );
}

function GateScreen({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-navy px-4">
      <div className="flex w-full max-w-sm flex-col items-center gap-6 text-center">
        <Brand onDark />
        <div>
          <LockKeyhole className="mx-auto mb-3 size-8 text-volt" aria-hidden />
          <h1 className="text-3xl font-bold text-white">Private beta</h1>
          <p className="mt-2 text-white/80">Enter your access code to continue.</p>
        </div>
        {children}
      </div>
    </main>
  );
}
