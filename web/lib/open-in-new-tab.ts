/**
 * Opens a provider page in a new tab and answers true. When the browser blocks the pop-up
 * (window.open answers null) the current tab goes there instead and the answer is false, so the
 * user is never left without the page.
 */
export function openInNewTab(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) {
    window.location.assign(url);
    return false;
  }
  try {
    // The opened page has no business with this tab.
    opened.opener = null;
  } catch {
    // Already navigated cross-origin: nothing to cut.
  }
  return true;
}
