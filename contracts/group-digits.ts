/**
 * `1234567` → `"1,234,567"`: an integer with en-US thousands separators, written out by hand. A
 * page's first `Intl` formatter costs about 25 ms (100 ms on Lighthouse's 4× slower phone) to load
 * locale data, which the public pages would pay during hydration for a price or a count (issue 12).
 */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
