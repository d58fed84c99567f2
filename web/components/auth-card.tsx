import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { Card } from '@/components/ui/card';

/** The navy sign-in frame: the sign-in, sign-up and password pages share it. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-navy px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <Brand className="mb-4" />
        <h1 className="text-3xl font-bold text-navy">{title}</h1>
        <p className="mt-1 mb-6 text-muted">{lead}</p>
        {children}
      </Card>
    </div>
  );
}
