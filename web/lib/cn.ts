import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

/**
 * Builds tailwind-merge's class map now. It is built on the first `cn()` call otherwise, which is
 * inside the first slice of hydration, which made it a task of ~60 ms at a phone's CPU (ADR 064).
 */
export const prepareClassMerging = () => void twMerge('');
