import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_NOTICE_TEXTS } from '@contracts/messages';
import { Notice } from '@/components/ui/notice';
import { noticeOf } from './redirect-notice-state';

/**
 * The notice a redirect brought, above the page (the layout shows it on every page). It belongs
 * to that history entry: Dismiss replaces the entry without it, so neither Back nor a reload
 * shows it again.
 */
export function RedirectNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <Notice
        tone={notice.tone}
        dismiss={{
          label: REDIRECT_NOTICE_TEXTS.dismiss,
          onDismiss: () =>
            void navigate(
              { pathname: location.pathname, search: location.search, hash: location.hash },
              { replace: true, state: null, preventScrollReset: true },
            ),
        }}
      >
        {notice.text}
      </Notice>
    </div>
  );
}
