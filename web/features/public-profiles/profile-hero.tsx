import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';

/** The navy band at the top of a public profile: photo, role, name, then the page's own details. */
export function ProfileHero({
  photoUrl,
  name,
  role,
  children,
  actions,
}: {
  photoUrl: string | null;
  name: string;
  role: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden bg-navy px-5 py-8 text-white sm:px-8 sm:py-10">
      <div
        aria-hidden
        className="absolute -top-20 -right-20 size-64 rounded-full bg-volt/15 blur-3xl"
      />
      <div className="relative flex flex-col items-center gap-5 text-center sm:flex-row sm:items-center sm:text-left">
        <Avatar
          src={photoUrl}
          name={name}
          className="size-28 text-3xl ring-4 ring-volt sm:size-32"
        />
        <div className="min-w-0 flex-1">
          <p className="font-display text-sm tracking-widest text-volt uppercase">{role}</p>
          <h1 className="mt-1 text-4xl leading-none font-bold break-words sm:text-5xl">{name}</h1>
          {children}
        </div>
      </div>
      {actions}
    </header>
  );
}
