// Each component from its own package: the '@react-email/components' barrel also loads Tailwind,
// Prism and a Markdown parser, 0.7 s of start-up for every process that can send mail.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render, toPlainText } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { randomUUID } from 'node:crypto';
import { Fragment } from 'react';
import type { MailMessage } from '../../adapters/mail/types';
import type { mailOutbox } from '../../db/schema';
import { refuseInsideTransaction } from '../../db/open-transaction';
import type { MailKind } from './kinds';
import { escapeRegExp } from './scrub';

/** One e-mail in words: a greeting, a few paragraphs and at most one button. */
export interface MailContent {
  /** What the message is (`kinds.ts`): whether the person may turn it off. */
  kind: MailKind;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: MailParagraph[];
  /** A block of labelled texts after the paragraphs: the question summary (`question-summary.ts`). */
  summary?: SummaryRow[];
  action?: { label: string; url: string };
}

/**
 * A paragraph, or a paragraph with a stored image under it (a video review's line and its poster
 * frame, ADR 093). The image goes inside the message, so it shows whenever and wherever the
 * e-mail is opened while the file itself stays private; its alt text is the paragraph. The plain
 * text part has the paragraph only.
 */
export type MailParagraph = string | { text: string; image: MailImage };

/** A file of the attachments' storage (`PrivateFiles`) an e-mail carries as an inline image. */
export interface MailImage {
  key: string;
  contentType: string;
  filename: string;
  /** Its own width in pixels: drawn at that width, or the column's where it is wider. */
  width: number;
}

/** An inline image as the outbox keeps it (`mail_outbox.inline_images`): read when it is sent. */
export interface StoredInlineImage {
  cid: string;
  key: string;
  contentType: string;
  filename: string;
}

/**
 * What a queued message says (`mail_outbox.content`, ADR 095): the content without its recipient,
 * subject and kind (columns of their own), each image by the `cid:` its HTML will name, and the
 * unsubscribe link decided at queue time. The delivery job renders it.
 */
export type StoredMailContent = NonNullable<(typeof mailOutbox.$inferInsert)['content']>;

/**
 * A message as it is queued: what it is and says, not yet rendered (ADR 095), its List-Unsubscribe
 * headers and its inline images named by their stored files.
 */
export interface QueuedMail {
  to: string;
  subject: string;
  kind: MailKind;
  content: StoredMailContent;
  headers?: Record<string, string>;
  inlineImages?: StoredInlineImage[];
}

/** A message planted already rendered (tests; and every row queued before ADR 095). */
export type RenderedMail = Omit<MailMessage, 'inlineImages'> & {
  inlineImages?: StoredInlineImage[];
};

/** One labelled text of a summary block, e.g. "Question" and what was asked. */
export interface SummaryRow {
  label: string;
  text: string;
}

/** The unsubscribe link of a message a person may turn off, and the name of its kind. */
export interface Unsubscribe {
  url: string;
  label: string;
}

/** A paragraph as drawn: its text, and the `cid:` of the image under it. */
type DrawnParagraph = StoredMailContent['paragraphs'][number];

type Rendered = StoredMailContent & { subject: string };

const navy = '#0b1f3a';
const action = '#12a150';
/** The message's column: the container's 560 px less its padding. */
const COLUMN_PX = 496;

/** The summary block: each label in bold over its text, line breaks kept (a question's context). */
function Summary({ rows }: { rows: SummaryRow[] }) {
  return (
    <Section
      style={{
        border: '1px solid #d5dce5',
        borderRadius: '8px',
        padding: '4px 16px',
        margin: '16px 0',
      }}
    >
      {rows.map((row) => (
        <Text key={row.label} style={{ color: navy, fontSize: '15px', lineHeight: '22px' }}>
          <strong>{row.label}</strong>
          <br />
          <span style={{ whiteSpace: 'pre-wrap' }}>{row.text}</span>
        </Text>
      ))}
    </Section>
  );
}

function Message({
  subject,
  greeting,
  paragraphs,
  summary,
  action: button,
  unsubscribe,
}: Rendered) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{paragraphs[0]?.text ?? subject}</Preview>
      <Body style={{ backgroundColor: '#f4f6f9', fontFamily: 'system-ui, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', maxWidth: '560px' }}>
          <Heading as="h1" style={{ color: navy, fontSize: '22px', margin: '0 0 16px' }}>
            {subject}
          </Heading>
          <Text style={{ color: navy, fontSize: '16px' }}>{greeting}</Text>
          {/* By place: two reviews of one length have the same line. */}
          {paragraphs.map((paragraph, i) => (
            <Fragment key={i}>
              <Text style={{ color: navy, fontSize: '16px', lineHeight: '24px' }}>
                {paragraph.text}
              </Text>
              {paragraph.image ? (
                <img
                  src={`cid:${paragraph.image.cid}`}
                  alt={paragraph.text}
                  width={Math.min(paragraph.image.width, COLUMN_PX)}
                  style={{
                    display: 'block',
                    maxWidth: '100%',
                    height: 'auto',
                    border: 0,
                    borderRadius: '6px',
                    margin: '0 0 16px',
                  }}
                />
              ) : null}
            </Fragment>
          ))}
          {summary && summary.length > 0 ? <Summary rows={summary} /> : null}
          {button ? (
            <Section style={{ margin: '24px 0' }}>
              <Button
                href={button.url}
                style={{
                  backgroundColor: action,
                  color: '#ffffff',
                  padding: '12px 20px',
                  borderRadius: '6px',
                  fontWeight: 700,
                }}
              >
                {button.label}
              </Button>
            </Section>
          ) : null}
          <Text style={{ color: '#5b6b7f', fontSize: '13px' }}>Playbook · Ask. Answer. Win.</Text>
          {unsubscribe ? (
            <Text style={{ color: '#5b6b7f', fontSize: '13px' }}>
              You get this e-mail because “{unsubscribe.label}” is on in your Account Settings.{' '}
              <Link href={unsubscribe.url} style={{ color: '#5b6b7f' }}>
                Unsubscribe
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * What a message is, as the outbox keeps it (ADR 095): no rendering here, since this runs in the
 * caller's transaction. Each image gets its `cid:` now, so the row names the stored files it embeds
 * (ADR 093) and deletion can drop them before the message is ever rendered.
 */
export function prepareMail(content: MailContent, unsubscribe?: Unsubscribe): QueuedMail {
  const inlineImages: StoredInlineImage[] = [];
  const paragraphs = content.paragraphs.map((paragraph): DrawnParagraph => {
    if (typeof paragraph === 'string') return { text: paragraph };
    const { key, contentType, filename, width } = paragraph.image;
    // Unique beyond the message (RFC 2392), so no client mixes it up with another e-mail's image.
    const cid = `${randomUUID()}@playbook`;
    inlineImages.push({ cid, key, contentType, filename });
    return { text: paragraph.text, image: { cid, width } };
  });
  const message: QueuedMail = {
    to: content.to,
    subject: content.subject,
    kind: content.kind,
    content: {
      greeting: content.greeting,
      paragraphs,
      ...(content.summary ? { summary: content.summary } : {}),
      ...(content.action ? { action: content.action } : {}),
      ...(unsubscribe ? { unsubscribe } : {}),
    },
    ...(inlineImages.length > 0 ? { inlineImages } : {}),
  };
  if (!unsubscribe) return message;
  // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button, which POSTs to the link.
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Renders a queued message as HTML with its plain-text part (react-email, ADR 023), so every client
 * shows it and the dev mailbox and the log keep a readable copy with the link in full. CPU-only
 * work: it refuses to run inside a unit of work's transaction (ADR 095), where it would hold the
 * transaction and its row locks open while it works.
 */
export async function renderMail(mail: {
  subject: string;
  content: StoredMailContent;
}): Promise<{ html: string; text: string }> {
  refuseInsideTransaction(`Rendering the e-mail "${mail.subject}"`);
  const html = await render(<Message subject={mail.subject} {...mail.content} />);
  return { html, text: toPlainText(html) };
}

/** The content without the images of these `cid`s: their paragraphs stay, as text. */
export function contentWithoutImages(
  content: StoredMailContent,
  cids: readonly string[],
): StoredMailContent {
  return {
    ...content,
    paragraphs: content.paragraphs.map((paragraph) =>
      paragraph.image && cids.includes(paragraph.image.cid) ? { text: paragraph.text } : paragraph,
    ),
  };
}

/**
 * The HTML without the `<img>` of each `cid` left out (its file is gone: the Coach's files were
 * removed), so no client draws a broken image; the paragraph above it stays. React escapes `>` in
 * attribute values, so an image tag ends at its first `>`.
 */
export function withoutImages(html: string, cids: readonly string[]): string {
  let result = html;
  for (const cid of cids) {
    result = result.replace(
      new RegExp(`<img\\b[^>]*\\bsrc="cid:${escapeRegExp(cid)}"[^>]*>`, 'g'),
      '',
    );
  }
  return result;
}
