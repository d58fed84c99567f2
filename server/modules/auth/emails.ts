import type { MailMessage } from '../../adapters/mail/types';

export function verificationEmail(user: { name: string; email: string }, url: string): MailMessage {
  return {
    to: user.email,
    subject: 'Confirm your Playbook account',
    text: [
      `Hi ${user.name},`,
      '',
      'Confirm your e-mail address to start using Playbook:',
      url,
      '',
      "If you didn't sign up, you can ignore this message.",
    ].join('\n'),
  };
}
