import { TOAST_DURATION_MS } from '@contracts/limits';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}
export type ToastInput = Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] };

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

const emit = () => listeners.forEach((listener) => listener());

/** One toast at a time: a new toast replaces the one showing (spec §9). */
export function toast(input: ToastInput): void {
  clearTimeout(timer);
  current = { variant: 'default', ...input, id: nextId++ };
  emit();
}

/**
 * The toast `id` is on screen: it closes TOAST_DURATION_MS from now (spec §9's 5000 ms). Counted
 * from here, not from `toast()`: the card's code loads once the page is idle (toaster.tsx), and on
 * a slow phone a toast timed from its request closed before it was ever shown (a browser test
 * under load waited 20 s for "Please copy it manually" and never saw it).
 */
export function toastShown(id: number): void {
  if (current?.id !== id) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (current?.id === id) dismissToast();
  }, TOAST_DURATION_MS);
}

export function dismissToast(): void {
  clearTimeout(timer);
  current = null;
  emit();
}

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => current,
};
