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
const listeners = new Set<Listener>();

const emit = () => listeners.forEach((listener) => listener());

/**
 * One toast at a time: a new toast replaces the one showing (spec §9). It closes 5000 ms after
 * it is on screen: its card keeps that time (toast-card.tsx).
 */
export function toast(input: ToastInput): void {
  current = { variant: 'default', ...input, id: nextId++ };
  emit();
}

export function dismissToast(): void {
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
