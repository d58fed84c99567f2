import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The navy band that opens a signed-in page: a volt glow in the corner over a content column. */
export function Hero({
  wide = false,
  className,
  children,
}: {
  /** The home dashboards' width; other pages use the reading column. */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-navy text-white">
      <div
        aria-hidden
        className="absolute -top-24 -right-24 size-80 rounded-full bg-volt/15 blur-3xl"
      />
      <div
        className={cn('relative mx-auto w-full px-4', wide ? 'max-w-6xl' : 'max-w-3xl', className)}
      >
        {children}
      </div>
    </section>
  );
}

/** The small volt label above a page title ('Coach', 'Player'). */
export function Eyebrow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p className={cn('font-display text-sm tracking-widest text-volt uppercase', className)}>
      {children}
    </p>
  );
}
