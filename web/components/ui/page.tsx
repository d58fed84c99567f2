import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The standard content column with a page heading. */
export function Page({
  title,
  lead,
  children,
  className,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-3xl px-4 py-10 sm:py-14', className)}>
      <h1 className="text-4xl font-bold text-navy sm:text-5xl">{title}</h1>
      {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
