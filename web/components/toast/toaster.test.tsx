import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@contracts/limits';
import { dismissToast, toast } from './toast-store';
import { Toaster } from './toaster';

describe('a toast (spec §9: one at a time, closes after 5000 ms)', () => {
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('stays its whole 5000 ms from when it is on screen, however long its card took to load', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    act(() => toast({ title: "Couldn't copy the link.", variant: 'destructive' }));
    // The card's code arrives late, as on a slow phone: the request's own 5 s have passed.
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 1_000));
    await act(() => import('./toast-card'));
    expect(screen.queryByRole('alert')?.textContent).toContain("Couldn't copy the link.");

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
