import { groupDigits } from '@contracts/group-digits';

/** "1 Coach", "2 Coaches": a count with the noun in the number it needs. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${groupDigits(n)} ${n === 1 ? singular : plural}`;
}
