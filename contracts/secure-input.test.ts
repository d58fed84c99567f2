import { describe, expect, it } from 'vitest';
import { userNameSchema } from './account-schemas';
import { cleanAttachmentName } from './attachments';
import { coachProfileSchema } from './profiles';
import { sendMessageSchema, THREAD_MESSAGES } from './question-thread';
import { askQuestionSchema } from './questions';
import { DIRECTION_OVERRIDES, optionalSecureText } from './secure-input';

/** Every embedding, override and isolate: LRE RLE PDF LRO RLO, LRI RLI FSI PDI. */
const EVERY_OVERRIDE = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';

describe('direction-override characters (issue 36)', () => {
  it('are removed from message bodies, as from attachment names', () => {
    const body = `Which \u202ehand\u202c do you \u2067shoot\u2069 with?`;
    expect(sendMessageSchema.parse({ kind: 'clarification_reply', body }).body).toBe(
      'Which hand do you shoot with?',
    );
    expect(cleanAttachmentName(`photo\u202egpj.exe`)).toBe('photogpj.exe');
  });

  it('are removed from names: an account, a Coach, the Player on a question', () => {
    expect(userNameSchema.parse(`\u202eSam Lee`)).toBe('Sam Lee');
    const coach = coachProfileSchema.parse({
      name: `Coach\u2066 Kim\u2069`,
      expertise: 'Tennis',
      price: 20,
      acceptedAgreement: true,
    });
    expect(coach.name).toBe('Coach Kim');
    const question = askQuestionSchema.parse({
      coachId: '00000000-0000-4000-8000-000000000000',
      playerName: `Pat\u202d`,
      question: `How do I \u202eserve\u202c faster?`,
      pledge: true,
      acceptedConsents: true,
    });
    expect(question.playerName).toBe('Pat');
    expect(question.question).toBe('How do I serve faster?');
  });

  it('leave nothing to count: a text of only them, or of them around spaces, is empty', () => {
    const only = sendMessageSchema.safeParse({ kind: 'clarification_reply', body: EVERY_OVERRIDE });
    expect(only.success).toBe(false);
    expect(only.error?.issues[0]?.message).toBe(THREAD_MESSAGES.bodyLength);
    const spaced = sendMessageSchema.safeParse({
      kind: 'clarification_reply',
      body: `\u202e  \u2066 `,
    });
    expect(spaced.success).toBe(false);
    expect(optionalSecureText(100, 'Too long').parse(` \u202e `)).toBeNull();
    // Trimmed once they are gone, so none leaves a space at either end.
    expect(userNameSchema.parse(`\u202e Sam \u2069`)).toBe('Sam');
  });

  it('are one rule: every one of them, and nothing else (marks that order plain text stay)', () => {
    expect(EVERY_OVERRIDE.replace(DIRECTION_OVERRIDES, '')).toBe('');
    // Left-to-right and right-to-left marks, and the Arabic letter mark, shape no hidden order.
    expect('a\u200eb\u200fc\u061cd'.replace(DIRECTION_OVERRIDES, '')).toBe(
      'a\u200eb\u200fc\u061cd',
    );
  });
});
