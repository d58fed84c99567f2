import { FileDown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { statementRangeSchema } from '@contracts/receipts';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { ApiRequestError } from '@/lib/api-client';
import { adminToken } from './session';
import { useSessionExpiry } from './use-admin-session';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export const STATEMENT_TEXT = {
  heading: 'Statement',
  intro: 'Every payment and payout within the dates, as a CSV file for the books.',
  download: 'Download statement CSV',
  failed: 'Failed to download the statement. Please try again.',
} as const;

/**
 * The administrators' CSV of payments and payouts in a date range (ADR 056). The route takes the
 * bearer token, so the file is fetched and handed to the browser as a download; the server audits it.
 */
export function StatementExport() {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(isoDay(today));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expire = useSessionExpiry();

  async function download(event: FormEvent) {
    event.preventDefault();
    const range = statementRangeSchema.safeParse({ from, to });
    if (!range.success) {
      setError(range.error.issues[0]?.message ?? STATEMENT_TEXT.failed);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await fetch(adminApiPaths.statement(range.data), {
        headers: { authorization: `Bearer ${adminToken.get() ?? ''}` },
      });
      if (res.status === 401) return expire(new ApiRequestError(401, 'Unauthorized'));
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `statement-${range.data.from}-to-${range.data.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(STATEMENT_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="statement-heading"
      className="rounded-2xl border border-line bg-white p-4 sm:p-5"
    >
      <h2 id="statement-heading" className="text-xl font-bold text-navy">
        {STATEMENT_TEXT.heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{STATEMENT_TEXT.intro}</p>
      <form onSubmit={download} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <Field label="From" className="w-44">
          <input
            type="date"
            className={inputClass}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field>
        <Field label="To" className="w-44">
          <input
            type="date"
            className={inputClass}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          <FileDown aria-hidden />
          {STATEMENT_TEXT.download}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
