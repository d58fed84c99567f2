import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type AdrFile,
  INDEX_FILE,
  indexMarkdown,
  linkProblems,
  parseAdrs,
  readAdrFiles,
  renderIndex,
  STATUS_HELP,
} from './adr-index-lib';

describe('the decision records (docs/decisions)', () => {
  const { adrs, problems } = parseAdrs(readAdrFiles());

  it('each has a title "# NNN. Title" and a Status line whose first sentence the index can read', () => {
    expect(problems, STATUS_HELP).toEqual([]);
    expect(adrs.length).toBeGreaterThan(70);
  });

  it('link every amendment, supersession and extension both ways', () => {
    expect(linkProblems(adrs)).toEqual([]);
  });

  it('are indexed by docs/decisions/README.md as the script writes it', async () => {
    expect(
      readFileSync(INDEX_FILE, 'utf8'),
      'docs/decisions/README.md is out of date: run npm run docs:adr-index',
    ).toBe(await renderIndex(adrs));
  });
});

const adr = (n: string, status: string, body = 'Why.\n') => ({
  file: `${n}-a-decision.md`,
  text: `# ${n}. A decision\n\nDate: 2026-11-28\nStatus: ${status}\n\n## Context\n\n${body}`,
});
const check = (...files: AdrFile[]) => {
  const { adrs, problems } = parseAdrs(files);
  return [...problems, ...linkProblems(adrs)];
};

describe('the rule', () => {
  it('holds for an amendment both ADRs name, and an extension explained after the status', () => {
    expect(
      check(
        adr('001', 'Accepted; amended by ADR 002; extended by ADR 003. ADR 002 changed it.'),
        adr('002', 'Accepted; amends ADR 001. Why it does.'),
        adr('003', 'Accepted; extends ADR 001.', 'This extends ADR 001 further.\n'),
      ),
    ).toEqual([]);
  });

  it('refuses an amendment only one side names, either side', () => {
    expect(check(adr('001', 'Accepted'), adr('002', 'Accepted; amends ADR 001.'))).toEqual([
      `ADR 002 amends ADR 001, but ADR 001's Status does not say "amended by ADR 002"`,
    ]);
    expect(check(adr('001', 'Superseded by ADR 002.'), adr('002', 'Accepted.'))).toEqual([
      `ADR 001 is superseded by ADR 002, but ADR 002's Status does not say "supersedes ADR 001"`,
    ]);
  });

  it('refuses two sides that name different relations, or an ADR that does not exist', () => {
    expect(
      check(adr('001', 'Accepted; amended by ADR 002.'), adr('002', 'Accepted; extends ADR 001.')),
    ).toHaveLength(2);
    expect(check(adr('001', 'Accepted; superseded in part by ADR 009.'))).toEqual([
      'ADR 001 is superseded in part by ADR 009, which does not exist',
    ]);
  });

  it('refuses words elsewhere in an ADR claiming a relation its Status line does not name', () => {
    expect(
      check(
        adr('001', 'Accepted; amended by ADR 002.'),
        adr('002', 'Accepted; amends ADR 001.', 'It also amends ADR 001 and ADR 003.\n'),
        adr('003', 'Accepted.'),
      ),
    ).toEqual([
      `ADR 002's text says "amends ADR 001 and ADR 003", but its Status line's first sentence ("Accepted; amends ADR 001") does not say "amends ADR 003"`,
    ]);
  });

  it('refuses a Status line it cannot read, a missing one and a number used twice', () => {
    const missing = { file: '004-x.md', text: '# 004. X\n\n## Context\n' };
    const twice = { file: '001-other.md', text: adr('001', 'Accepted.').text };
    expect(
      check(adr('001', 'Accepted (issue 22)'), adr('002', 'Accepted; changes ADR 001.'), missing),
    ).toEqual([
      '001-a-decision.md: the status "Accepted (issue 22)" is not one the index knows',
      '002-a-decision.md: cannot read "changes ADR 001" in its Status line',
      '004-x.md: no "Status: " line before the first section',
    ]);
    expect(check(adr('001', 'Accepted.'), twice)).toEqual([
      '001-other.md and 001-a-decision.md share the number 001',
    ]);
  });

  it('indexes one line per number in order, saying which numbers were never used', () => {
    const { adrs } = parseAdrs([
      adr('003', 'Accepted, partly delivered; amends ADR 001. More.'),
      adr('001', 'Accepted; amended by ADR 003.'),
    ]);
    expect(indexMarkdown(adrs)).toContain(
      [
        '- **001** [A decision](001-a-decision.md): Accepted; amended by [003](003-a-decision.md)',
        '- **002** number never used',
        '- **003** [A decision](003-a-decision.md): Accepted, partly delivered; amends [001](001-a-decision.md)',
      ].join('\n'),
    );
  });
});
