import { cn } from '@/lib/cn';

/** The wordmark: a volt play mark and the name in the display face. */
export function Brand({ onDark = false, className }: { onDark?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="7" fill={onDark ? '#c4f135' : '#0b1b33'} />
        <path d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z" fill={onDark ? '#0b1b33' : '#c4f135'} />
      </svg>
      <span
        className={cn(
          'font-display text-2xl font-bold tracking-wide uppercase',
          onDark ? 'text-white' : 'text-navy',
        )}
      >
        Playbook
      </span>
    </span>
  );
}
