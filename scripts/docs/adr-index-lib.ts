/**
 * The index of the decision records (docs/decisions/README.md) and the rule that keeps their
 * amendments linked both ways (issue 35). Everything here reads the ADRs' text; nothing writes.
 *
 * An ADR is `docs/decisions/NNN-slug.md`: a title `# NNN. Title`, then, before its first `##`
 * section, a paragraph starting `Status: `. The paragraph's first sentence is the status the index
 * shows and the links the rule checks; whatever follows it explains:
 *
 *   Status: Accepted; amends ADR 013, ADR 015; amended by ADR 037. The dispute and sweep rules…
 *
 * The first clause is the state: `Accepted`, `Accepted, partly delivered`, `Proposed`, `Rejected`
 * or `Superseded by ADR NNN`. Each further clause, after `; `, is one relation and its ADRs:
 * `amends`, `supersedes`, `supersedes in part`, `extends` (this ADR changes or carries on another)
 * or `amended by`, `superseded in part by`, `extended by` (another ADR did so to this one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export const DECISIONS_DIR = path.resolve(import.meta.dirname, '../../docs/decisions');
export const INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');

/** What one ADR does to another, said by the ADR that does it. */
export type Relation = 'amends' | 'supersedes' | 'supersedes in part' | 'extends';

/** The same relation as the ADR it was done to says it. */
export const PASSIVE: Record<Relation, string> = {
  amends: 'amended by',
  supersedes: 'superseded by',
  'supersedes in part': 'superseded in part by',
  extends: 'extended by',
};

const RELATIONS = Object.keys(PASSIVE) as Relation[];
const STATES = ['Accepted', 'Accepted, partly delivered', 'Proposed', 'Rejected'];

export interface Link {
  relation: Relation;
  /** The other ADR's number. */
  adr: number;
}

export interface Adr {
  number: number;
  file: string;
  title: string;
  /** The Status line's first sentence without its full stop, as the index shows it. */
  status: string;
  /** What this ADR says it does to others (`amends ADR 033`). */
  does: Link[];
  /** What this ADR says others did to it (`amended by ADR 034`), by the other ADR's number. */
  undergoes: Link[];
  /** The whole file. */
  text: string;
  /** Where the Status line's first sentence ends in `text`. */
  statusEnd: number;
}

export interface AdrFile {
  file: string;
  text: string;
}

export const pad = (n: number) => String(n).padStart(3, '0');

const ADR_LIST = String.raw`ADR \d{3}(?:, ADR \d{3})*`;
const numbersIn = (list: string) => [...list.matchAll(/\d{3}/g)].map((m) => Number(m[0]));

/** How to write a Status line, for a message about one that cannot be read. */
export const STATUS_HELP =
  'Write the first sentence of a Status line as "Status: Accepted." or "Status: Accepted; amends ADR 013; amended by ADR 037, ADR 041." ' +
  '(states: Accepted, Accepted, partly delivered, Proposed, Rejected, Superseded by ADR NNN; relations: ' +
  `${[...RELATIONS, ...RELATIONS.filter((r) => r !== 'supersedes').map((r) => PASSIVE[r])].join(', ')}), ` +
  'then explain after the full stop.';

/** Reads one ADR; returns the problems instead when its title or Status line cannot be read. */
export function parseAdr({ file, text }: AdrFile): Adr | string[] {
  const number = Number(/^(\d{3})-/.exec(file)?.[1]);
  const title = /^# (\d{3})\. (.+)$/.exec(text.slice(0, text.indexOf('\n')));
  const problems: string[] = [];
  if (!title) problems.push(`${file}: the first line must be "# ${pad(number)}. Title"`);
  else if (Number(title[1]) !== number)
    problems.push(`${file}: the title says ${title[1]}, the file name ${pad(number)}`);

  const firstSection = text.search(/^## /m);
  const header = firstSection === -1 ? text : text.slice(0, firstSection);
  const line = /^Status: /m.exec(header);
  if (!line) {
    problems.push(`${file}: no "Status: " line before the first section`);
    return problems;
  }
  const start = line.index + line[0].length;
  const paragraphEnd = header.indexOf('\n\n', start);
  const paragraph = header.slice(start, paragraphEnd === -1 ? undefined : paragraphEnd);
  // The first sentence ends at the first full stop followed by a space or the paragraph's end.
  const stop = /\.(?=\s|$)/.exec(paragraph);
  const sentence = (stop ? paragraph.slice(0, stop.index) : paragraph).replace(/\s+/g, ' ');
  const statusEnd = start + (stop ? stop.index + 1 : paragraph.length);

  const does: Link[] = [];
  const undergoes: Link[] = [];
  const [state = '', ...clauses] = sentence.split('; ');
  const superseded = new RegExp(`^Superseded by (${ADR_LIST})$`).exec(state);
  if (superseded) {
    for (const adr of numbersIn(superseded[1]!)) undergoes.push({ relation: 'supersedes', adr });
  } else if (!STATES.includes(state)) {
    problems.push(`${file}: the status "${state}" is not one the index knows`);
  }
  for (const clause of clauses) {
    const m = new RegExp(`^([a-z ]+) (${ADR_LIST})$`).exec(clause);
    const active = RELATIONS.find((r) => r === m?.[1]);
    const passive = RELATIONS.find((r) => r !== 'supersedes' && PASSIVE[r] === m?.[1]);
    if (!m || (!active && !passive)) {
      problems.push(`${file}: cannot read "${clause}" in its Status line`);
      continue;
    }
    for (const adr of numbersIn(m[2]!)) {
      if (adr === number) problems.push(`${file}: its Status line names itself ("${clause}")`);
      if (active) does.push({ relation: active, adr });
      else undergoes.push({ relation: passive!, adr });
    }
  }
  if (problems.length > 0) return problems;
  return { number, file, title: title![2]!, status: sentence, does, undergoes, text, statusEnd };
}

/** Reads every `NNN-*.md` file of the folder, in order of number. */
export function readAdrFiles(dir = DECISIONS_DIR): AdrFile[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
}

/** Parses every ADR; `problems` lists what could not be read and numbers used twice. */
export function parseAdrs(files: AdrFile[]): { adrs: Adr[]; problems: string[] } {
  const adrs: Adr[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const adr = parseAdr(file);
    if (Array.isArray(adr)) problems.push(...adr);
    else adrs.push(adr);
  }
  const seen = new Map<number, string>();
  for (const adr of adrs) {
    const other = seen.get(adr.number);
    if (other) problems.push(`${adr.file} and ${other} share the number ${pad(adr.number)}`);
    seen.set(adr.number, adr.file);
  }
  return { adrs: adrs.sort((a, b) => a.number - b.number), problems };
}

const has = (links: Link[], relation: Relation, adr: number) =>
  links.some((l) => l.relation === relation && l.adr === adr);

/**
 * Words anywhere in an ADR that claim a relation: "amends ADR 013 and ADR 015", "Amended by ADR
 * 034:", "superseded in part by ADR 038", "extends ADR 033's". The first number needs its "ADR";
 * the ones listed after it may leave it out ("ADR 020 and 022").
 */
const CLAIM = new RegExp(
  String.raw`\b(amends|supersedes in part|supersedes|extends|amended by|superseded in part by|superseded by|extended by)\s+` +
    String.raw`(ADRs?\s+\d{3}\b(?:(?:,\s+and|,|\s+and)\s+(?:ADR\s+)?\d{3}\b)*)`,
  'gi',
);

/**
 * The rule (issue 35): amendments are linked both ways.
 * 1. When ADR A's Status says it amends / supersedes (in part) / extends ADR B, B's Status says it
 *    is amended / superseded (in part) / extended by A, and the other way round; both exist.
 * 2. When any other words of an ADR (the rest of its Status, its sections, its addenda) say it
 *    amends, supersedes or extends another, or was amended, superseded or extended by another, its
 *    Status line's first sentence says so too, so rule 1 holds for it.
 */
export function linkProblems(adrs: Adr[]): string[] {
  const byNumber = new Map(adrs.map((adr) => [adr.number, adr]));
  const problems: string[] = [];
  for (const a of adrs) {
    for (const { relation, adr } of a.does) {
      const b = byNumber.get(adr);
      if (!b)
        problems.push(`ADR ${pad(a.number)} ${relation} ADR ${pad(adr)}, which does not exist`);
      else if (!has(b.undergoes, relation, a.number))
        problems.push(
          `ADR ${pad(a.number)} ${relation} ADR ${pad(adr)}, but ADR ${pad(adr)}'s Status does not say "${PASSIVE[relation]} ADR ${pad(a.number)}"`,
        );
    }
    for (const { relation, adr } of a.undergoes) {
      const b = byNumber.get(adr);
      if (!b)
        problems.push(
          `ADR ${pad(a.number)} is ${PASSIVE[relation]} ADR ${pad(adr)}, which does not exist`,
        );
      else if (!has(b.does, relation, a.number))
        problems.push(
          `ADR ${pad(a.number)} is ${PASSIVE[relation]} ADR ${pad(adr)}, but ADR ${pad(adr)}'s Status does not say "${relation} ADR ${pad(a.number)}"`,
        );
    }
    const elsewhere = a.text.slice(a.statusEnd);
    for (const m of elsewhere.matchAll(CLAIM)) {
      const words = m[1]!.toLowerCase();
      const active = RELATIONS.find((r) => r === words);
      const passive = RELATIONS.find((r) => PASSIVE[r] === words)!;
      for (const adr of numbersIn(m[2]!)) {
        if (adr === a.number) continue;
        const listed = active ? has(a.does, active, adr) : has(a.undergoes, passive, adr);
        if (!listed)
          problems.push(
            `ADR ${pad(a.number)}'s text says "${m[0].replace(/\s+/g, ' ')}", but its Status line's first sentence ("${a.status}") does not say "${words} ADR ${pad(adr)}"`,
          );
      }
    }
  }
  return problems;
}

/** The status as the index shows it: the first sentence, each ADR it names linked to its file. */
function linkedStatus(adr: Adr, files: Map<number, string>): string {
  return adr.status.replace(/ADR (\d{3})/g, (whole, n: string) => {
    const file = files.get(Number(n));
    return file ? `[${n}](${file})` : whole;
  });
}

/** docs/decisions/README.md as the script writes it, before Prettier. */
export function indexMarkdown(adrs: Adr[]): string {
  const files = new Map(adrs.map((adr) => [adr.number, adr.file]));
  const last = Math.max(0, ...adrs.map((adr) => adr.number));
  const rows: string[] = [];
  for (let n = 1; n <= last; n++) {
    const adr = adrs.find((a) => a.number === n);
    rows.push(
      adr
        ? `- **${pad(n)}** [${adr.title}](${adr.file}): ${linkedStatus(adr, files)}`
        : `- **${pad(n)}** number never used`,
    );
  }
  return [
    '# Architecture decision records',
    '',
    '<!-- Generated by `npm run docs:adr-index` (scripts/docs/adr-index.ts) from the ADR files: edit them and run it, not this file. -->',
    '',
    "One line per number: the title links to the ADR, then its status. The status is the first sentence of the ADR's `Status:` line; what follows it there explains. A test (`scripts/docs/adr-index.test.ts`) fails when this file is out of date and when a link is one-way: when ADR A says it amends, supersedes (in part) or extends ADR B, B says it is amended, superseded (in part) or extended by A, and the other way round.",
    '',
    ...rows,
    '',
    '## Writing a Status line',
    '',
    'Before the first `##` section: `Status: ` and a first sentence the script can read, then any explanation.',
    '',
    '- The state first: `Accepted`, `Accepted, partly delivered`, `Proposed`, `Rejected` or `Superseded by ADR NNN`.',
    '- Then, after `; `, each relation with its ADRs: `amends`, `supersedes`, `supersedes in part`, `extends` (this ADR changes or carries on another), `amended by`, `superseded in part by`, `extended by` (another ADR did so to this one), e.g. `Status: Accepted; amends ADR 013, ADR 015; amended by ADR 037. …`',
    "- Add the other side to the other ADR's Status line in the same change, and run `npm run docs:adr-index`.",
    '',
  ].join('\n');
}

/** docs/decisions/README.md as the script writes it: the index, formatted as Prettier would. */
export async function renderIndex(adrs: Adr[]): Promise<string> {
  const options = await resolveConfig(INDEX_FILE);
  return format(indexMarkdown(adrs), { ...options, filepath: INDEX_FILE });
}
