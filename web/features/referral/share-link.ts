import { toast } from '@/components/toast/toast-store';

/** Shares the sign-up link natively where possible, else copies it, else asks the user to copy it. */
export async function shareSignUpLink(): Promise<void> {
  const url = `${window.location.origin}/auth`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Playbook', text: 'Ask a Coach on Playbook.', url });
      return;
    } catch (err) {
      // Closing the share sheet is a choice, not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied!', description: 'Share it with a friend.' });
  } catch {
    toast({
      title: "Couldn't copy the link.",
      description: `Please copy it manually: ${url}`,
      variant: 'destructive',
    });
  }
}
