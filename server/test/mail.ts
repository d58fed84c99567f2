import { renderedMail } from '../modules/mail';

interface OutboxRow {
  subject: string;
  text: string | null;
  html: string | null;
  content: Parameters<typeof renderedMail>[0]['content'];
}

/**
 * Outbox rows as their messages go out: one not sent yet rendered the way the delivery job renders
 * it (ADR 095), so a test reads what the person will get.
 */
export async function asSent<T extends OutboxRow>(
  rows: T[] | PromiseLike<T[]>,
): Promise<(T & { text: string })[]> {
  return Promise.all(
    (await rows).map(async (row) => {
      const { text, html } = await renderedMail(row);
      return { ...row, text, html };
    }),
  );
}
