/*
 * What a redirect carries in its history entry to explain itself (issue 36), apart from the notice
 * that shows it: pages that redirect import this, and the notice's own module loads only when an
 * entry carries one.
 */

interface RedirectNoticeState {
  redirectNotice: { tone: 'success' | 'problem'; text: string };
}

/**
 * The navigation state that carries why someone was sent here (issue 36): given to `navigate`,
 * it is shown on the page it leads to until dismissed, instead of a toast that vanishes.
 */
export const withNotice = (
  text: string,
  tone: 'success' | 'problem' = 'problem',
): RedirectNoticeState => ({ redirectNotice: { tone, text } });

/** The notice an entry's state carries, if any. */
export function noticeOf(state: unknown): RedirectNoticeState['redirectNotice'] | null {
  if (typeof state !== 'object' || state === null || !('redirectNotice' in state)) return null;
  return (state as RedirectNoticeState).redirectNotice;
}
