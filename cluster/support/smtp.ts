/** A real SMTP server (npm smtp-server) that keeps every message the app delivers to it. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The whole message with quoted-printable decoded: headers, text and HTML parts. */
  text: string;
  /** The message as it arrived, undecoded (as latin1: one character a byte), for its MIME parts. */
  raw: string;
  at: number;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Resolves once a received message satisfies `match`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Soft line breaks removed and `=XX` bytes decoded, as UTF-8. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = decodeQuotedPrintable(bytes.toString('utf8'));
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(text)?.[1]?.replace(/\r?\n/g, '');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: subject ?? '',
          text,
          raw: bytes.toString('latin1'),
          at: Date.now(),
        });
        waiters.forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
