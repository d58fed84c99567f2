/** "1 Coach", "2 Coaches": a count with the noun in the number it needs. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}
