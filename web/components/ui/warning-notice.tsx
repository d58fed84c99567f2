import { ShieldAlert } from 'lucide-react';

/** A warning that replaces what the visitor came to do (the ask form, for one who cannot ask). */
export function WarningNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex w-full items-start gap-3 rounded-xl border border-warning/30 bg-warning-soft p-4 text-left text-ink"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
      <p className="font-medium">{message}</p>
    </div>
  );
}
