import { shareLink } from '@/lib/share';

/** Shares the sign-up link natively where possible, else copies it, else asks the user to copy it. */
export const shareSignUpLink = (): Promise<void> =>
  shareLink({
    url: `${window.location.origin}/auth`,
    title: 'Playbook',
    text: 'Ask a Coach on Playbook.',
    copied: 'Share it with a friend.',
  });
