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
import type { MailMessage } from '../../adapters/mail/types';
import type { MailKind } from './kinds';

/** One e-mail in words: a greeting, a few paragraphs and at most one button. */
export interface MailContent {
  /** What the message is (`kinds.ts`): whether the person may turn it off. */
  kind: MailKind;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A block of labelled texts after the paragraphs: the question summary (`question-summary.ts`). */
  summary?: SummaryRow[];
  action?: { label: string; url: string };
}

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

type Rendered = MailContent & { unsubscribe?: Unsubscribe };

const navy = '#0b1f3a';
const action = '#12a150';

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
      <Preview>{paragraphs[0] ?? subject}</Preview>
      <Body style={{ backgroundColor: '#f4f6f9', fontFamily: 'system-ui, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '32px', maxWidth: '560px' }}>
          <Heading as="h1" style={{ color: navy, fontSize: '22px', margin: '0 0 16px' }}>
            {subject}
          </Heading>
          <Text style={{ color: navy, fontSize: '16px' }}>{greeting}</Text>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} style={{ color: navy, fontSize: '16px', lineHeight: '24px' }}>
              {paragraph}
            </Text>
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
 * Renders a message as HTML with its plain-text part (react-email, ADR 023), so every client shows
 * it and the dev mailbox and the log keep a readable copy with the link in full.
 */
export async function composeMail(
  content: MailContent,
  unsubscribe?: Unsubscribe,
): Promise<MailMessage> {
  const html = await render(<Message {...content} unsubscribe={unsubscribe} />);
  const message = { to: content.to, subject: content.subject, html, text: toPlainText(html) };
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
