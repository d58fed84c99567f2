import './styles.css';

const FCP = 'first-contentful-paint';

/**
 * The entry is only this: a server-rendered page is fetched and painted first, and the app's code
 * (react-dom, the router, the page's modules) is fetched once its text is on screen, so on a slow
 * connection it does not compete with the page and its fonts for bandwidth (ADR 026). A page
 * without server HTML (the app shell) shows nothing until the app runs, so it starts at once.
 */
function afterContentfulPaint(run: () => void) {
  if (
    !document.getElementById('root')?.hasChildNodes() ||
    // A page opened in a background tab does not paint until it is shown.
    document.visibilityState === 'hidden' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint') ||
    performance.getEntriesByName(FCP).length > 0
  ) {
    run();
    return;
  }
  // Paint entries are queued once the frame is on screen, not when it is drawn. The first paint
  // (backgrounds) can come before the text, which waits for its font.
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName(FCP).length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Lets the browser paint and handle input between two steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Loads the app in three chunks, each evaluated in its own task: React's renderer, the router,
 * then the app. As one chunk, evaluating it was the longest task of a page on a slow phone, longer
 * than any slice of hydration (ADR 064). Each chunk is already evaluated when the next imports it.
 */
async function boot() {
  await import('react-dom/client');
  await nextTask();
  await import('@/app/router-chunk');
  await nextTask();
  const { start } = await import('@/app/start');
  await start();
}

afterContentfulPaint(() => void boot());
