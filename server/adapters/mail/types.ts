export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers one message; throws when delivery fails so the outbox can retry. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<void>;
}
