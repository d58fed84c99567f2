import { describe, expect, it } from 'vitest';
import { scrubbed } from './scrub';

const anonymous = { name: 'Deleted user', email: 'deleted-1@deleted.invalid' };
const person = {
  names: ["Zoë O'Brien-Lee", 'Zoë', 'Ann $& Lee', 'Will'],
  emails: ['zoe@example.test'],
};
const text = (value: string) => scrubbed(value, person, anonymous, false);

describe('scrubbing a person from an e-mail', () => {
  it('replaces every name they went by, wrapped across lines or upper-cased', () => {
    expect(text("Zoë O'Brien-Lee declined your\nquestion. Zoë’s note")).toBe(
      'Deleted user declined your\nquestion. Deleted user’s note',
    );
    expect(text("the payment goes to Zoë\nO'Brien-Lee.")).toBe('the payment goes to Deleted user.');
    expect(text("ZOË O'BRIEN-LEE DECLINED")).toBe('Deleted user DECLINED');
  });

  it('reads names as text, never as a pattern or a replacement pattern', () => {
    expect(text('Ann $& Lee answered')).toBe('Deleted user answered');
    expect(text('Ann x Lee answered')).toBe('Ann x Lee answered');
  });

  it('finds the name as React wrote it into the HTML part', () => {
    expect(scrubbed('<p>Zoë O&#x27;Brien-Lee declined</p>', person, anonymous, true)).toBe(
      '<p>Deleted user declined</p>',
    );
  });

  it('leaves other words and other addresses alone', () => {
    expect(text('Zoëlle will write; Will wrote')).toBe('Zoëlle will write; Deleted user wrote');
    expect(text('Write to ZOE@example.test, not joe.zoe@example.test or zoe@example.test.au')).toBe(
      'Write to deleted-1@deleted.invalid, not joe.zoe@example.test or zoe@example.test.au',
    );
  });
});
