import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAGE_FORM_QUERY_KEY, type PageFormName, type PageFormState } from '@contracts/ssr';

/**
 * What the server made of this form when the page posted it before the app had loaded (ADR 053):
 * its message and the values typed, rendered by the server and kept by the hydrated page. Read
 * once: the next visit to the form in this tab starts clean.
 */
export function usePageForm(name: PageFormName): PageFormState | null {
  const queryClient = useQueryClient();
  const [state] = useState(() => {
    const posted = queryClient.getQueryData<PageFormState>(PAGE_FORM_QUERY_KEY);
    return posted?.form === name ? posted : null;
  });
  useEffect(() => {
    if (state) queryClient.removeQueries({ queryKey: PAGE_FORM_QUERY_KEY, exact: true });
  }, [queryClient, state]);
  return state;
}
