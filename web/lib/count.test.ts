import { describe, expect, it } from 'vitest';
import { count } from './count';

describe('count', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(count(1, 'Coach', 'Coaches')).toBe('1 Coach');
    expect(count(0, 'Coach', 'Coaches')).toBe('0 Coaches');
    expect(count(2, 'payout')).toBe('2 payouts');
    expect(count(12_500, 'Player')).toBe('12,500 Players');
  });
});
