import type { LucideIcon } from 'lucide-react';
import { Menu, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { navButton } from './nav-button';

/** One entry of the header: a link or an action, always with its words. */
export interface NavItem {
  label: string;
  icon: LucideIcon;
  to?: string;
  onSelect?: () => void;
  /** Unread questions, shown on the entry and on the menu button. */
  badge?: number;
  disabled?: boolean;
}

/** The directory, first in every header. */
export const COACHES_ITEM: NavItem = { label: 'Coaches', icon: Search, to: '/coaches' };

/** Below this width the entries move into the Menu (Tailwind breakpoints, written out in full). */
const COLLAPSE = {
  sm: { inline: 'hidden sm:flex', menu: 'sm:hidden' },
  lg: { inline: 'hidden lg:flex', menu: 'lg:hidden' },
} as const;

/**
 * How many questions need the viewer now (issue 36); `entry` marks the Inbox entry's own badge
 * (the Menu button repeats it).
 */
function Badge({ count, className, entry }: { count: number; className?: string; entry?: true }) {
  return (
    <span
      data-testid={entry ? 'inbox-badge' : undefined}
      className={cn(
        'flex h-5 min-w-5 items-center justify-center rounded-full bg-volt px-1 text-xs font-bold text-navy',
        className,
      )}
    >
      {count}
      <span className="sr-only">{count === 1 ? ' needs you' : ' need you'}</span>
    </span>
  );
}

function Entry({ item, inMenu }: { item: NavItem; inMenu: boolean }) {
  const content = (
    <>
      <item.icon aria-hidden />
      <span>{item.label}</span>
      {item.badge ? (
        <Badge
          entry
          count={item.badge}
          className={inMenu ? 'ml-auto' : 'absolute -top-1 -right-1'}
        />
      ) : null}
    </>
  );
  const className = inMenu
    ? 'w-full justify-start gap-3 px-3 py-3 text-base text-white hover:bg-white/10'
    : cn(navButton, 'relative');
  if (item.to) {
    return (
      <Button asChild variant="ghost" size="sm" className={className}>
        <Link to={item.to}>{content}</Link>
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      disabled={item.disabled}
      onClick={item.onSelect}
    >
      {content}
    </Button>
  );
}

/**
 * The header's entries: in a row with their words where there is room, else behind a "Menu"
 * button (a disclosure: Escape, a click elsewhere or a navigation closes it).
 */
export function NavEntries({ items, collapse }: { items: NavItem[]; collapse: 'sm' | 'lg' }) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const unread = items.reduce((sum, item) => sum + (item.badge ?? 0), 0);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <>
      <div className={cn('items-center gap-1', COLLAPSE[collapse].inline)}>
        {items.map((item) => (
          <Entry key={item.label} item={item} inMenu={false} />
        ))}
      </div>
      <div ref={root} className={COLLAPSE[collapse].menu}>
        <Button
          variant="ghost"
          size="sm"
          className={cn(navButton, 'relative')}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? <X aria-hidden /> : <Menu aria-hidden />}
          <span>Menu</span>
          {unread > 0 && !open ? (
            <Badge count={unread} className="absolute -top-1 -right-1" />
          ) : null}
        </Button>
        {open && (
          <ul
            id={panelId}
            className="absolute inset-x-0 top-16 z-40 flex flex-col gap-1 border-t border-white/10 bg-navy px-4 pt-2 pb-4 shadow-lg"
          >
            {items.map((item) => (
              <li key={item.label}>
                <Entry
                  item={{
                    ...item,
                    onSelect: item.onSelect
                      ? () => {
                          setOpen(false);
                          item.onSelect?.();
                        }
                      : undefined,
                  }}
                  inMenu
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
