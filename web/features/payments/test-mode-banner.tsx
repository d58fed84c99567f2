import { FlaskConical } from 'lucide-react';

/** Marks the local payment provider's pages, so nobody mistakes them for a real card form. */
export function TestModeBanner({ children }: { children: string }) {
  return (
    <div role="note" className="bg-warning px-4 py-3 text-white">
      <p className="mx-auto flex w-full max-w-lg flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1.5 rounded-md bg-white px-2 py-0.5 font-display text-sm font-bold tracking-widest text-warning uppercase">
          <FlaskConical aria-hidden className="size-4 shrink-0" />
          TEST MODE
        </span>
        <span className="font-semibold">{children}</span>
      </p>
    </div>
  );
}
