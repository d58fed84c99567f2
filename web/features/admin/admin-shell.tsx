import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** The portal's own frame: no site navigation, so it reads as a separate tool (spec §1). */
export function AdminShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="bg-navy text-white">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4">
          <p className="flex items-center gap-2 font-display text-xl font-bold tracking-tight uppercase">
            <ShieldCheck className="size-6 text-volt" aria-hidden />
            Playbook Admin
          </p>
          {actions}
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
