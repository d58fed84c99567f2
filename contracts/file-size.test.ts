import { describe, expect, it } from 'vitest';
import { formatFileSize } from './attachments';

describe('formatFileSize', () => {
  it('says a small file in kilobytes, not 0.0 MB (issue 36)', () => {
    expect(formatFileSize(15 * 1024)).toBe('15 KB');
    expect(formatFileSize(15_360 + 100)).toBe('15 KB');
    expect(formatFileSize(1100)).toBe('1 KB');
  });

  it('says bytes below a kilobyte and megabytes with one decimal above one', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1023 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatFileSize(Math.round(2.46 * 1024 * 1024))).toBe('2.5 MB');
  });
});
