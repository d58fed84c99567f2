import { Share2 } from 'lucide-react';
import { coachPath } from '@contracts/coach-slug';
import { shareLink } from '@/lib/share';
import { Button, type ButtonProps } from './ui/button';

/** A Coach's own 'Share profile': the public page's stable address, shared or copied. */
export function ShareProfileButton({
  coach,
  ...props
}: { coach: { slug: string; name: string } } & Omit<ButtonProps, 'onClick' | 'children'>) {
  return (
    <Button
      type="button"
      {...props}
      onClick={() =>
        void shareLink({
          url: `${window.location.origin}${coachPath(coach)}`,
          title: `${coach.name} on Playbook`,
          text: `Ask ${coach.name} a question on Playbook.`,
          copied: 'Your profile link is ready to share.',
        })
      }
    >
      <Share2 aria-hidden />
      Share profile
    </Button>
  );
}
