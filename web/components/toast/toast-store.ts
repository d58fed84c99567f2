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
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
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
