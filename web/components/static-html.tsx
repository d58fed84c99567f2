import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

type Tag = 'div' | 'footer' | 'li' | 'section';

/**
 * A part of a page that holds no state and no handlers of its own (hero copy, how it works, the
 * footer, legal text). When the browser hydrates the server's HTML, the part is kept as the server
 * wrote it and React does not walk it: hydrating it was main-thread work on a slow phone for
 * markup that never changes (ADR 064). Anywhere else (a page the app renders itself, a later
 * visit within the app) it renders its children as usual.
 *
 * Its links are plain anchors then; one click handler on the wrapper sends a click on a link of
 * this site through the router, so it does not reload the page. The server's HTML and the
 * children must show the same thing: nothing inside may depend on who is signed in or on state.
 */
export function StaticHtml({
  as: As = 'div',
  className,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  children,
}: {
  as?: Tag;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}) {
  const id = useId();
  // Read once: the server's markup while the first hydration is under way (the app marks the
  // page hydrated when it has finished, app-root.tsx), otherwise nothing.
  const [serverHtml] = useState(() =>
    typeof document === 'undefined' || document.documentElement.dataset.hydrated
      ? null
      : (document.getElementById(id)?.innerHTML ?? null),
  );
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A hydrated link (the children rendered) has already handled its own click.
    if (serverHtml === null || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) {
      return;
    }
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    // A link to a place on this page (a table of contents) is the browser's own to follow.
    if (url.pathname === window.location.pathname && url.search === window.location.search) {
      return;
    }
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  const props = {
    id,
    className,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    onClick,
  };
  return serverHtml === null ? (
    <As {...props}>{children}</As>
  ) : (
    // The markup is the server's own, read back from this element: nothing foreign is inserted.
    <As {...props} dangerouslySetInnerHTML={{ __html: serverHtml }} suppressHydrationWarning />
  );
}
