import type { AccountSessions } from '../../../contracts/notifications';
import type { Executor } from '../../db/client';
import { liveSessionsOf } from '../auth';

/** Browsers and systems by the marks their user agents carry, most specific first. */
const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Chromium\//, 'Chromium'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a user agent; the stored string is never shown as such. */
export function browserSummary(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([mark]) => mark.test(userAgent))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([mark]) => mark.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** The person's live sessions, the one asking marked: never a token. */
export async function sessionsList(
  db: Executor,
  userId: string,
  currentToken: string | null,
): Promise<AccountSessions> {
  const rows = await liveSessionsOf(db, userId);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      browser: browserSummary(row.userAgent),
      current: row.token === currentToken,
    })),
  };
}
