import { toast } from '@/components/toast/toast-store';

/**
 * Shares a link through the device's share sheet where there is one, else copies it, else asks
 * the user to copy it by hand (spec §2, 'Refer a Friend').
 */
export async function shareLink({
  url,
  title,
  text,
  copied,
}: {
  url: string;
  title: string;
  text: string;
  /** The toast's description once the link is copied. */
  copied: string;
}): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (err) {
      // Closing the share sheet is a choice, not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied!', description: copied });
  } catch {
    toast({
      title: "Couldn't copy the link.",
      description: `Please copy it manually: ${url}`,
      variant: 'destructive',
    });
  }
}
