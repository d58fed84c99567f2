/**
 * Writes docs/decisions/README.md, the index of the decision records, from the ADR files' titles
 * and Status lines (issue 35), and says which amendments are linked one way only.
 * Usage: npm run docs:adr-index
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  INDEX_FILE,
  linkProblems,
  parseAdrs,
  readAdrFiles,
  renderIndex,
  STATUS_HELP,
} from './adr-index-lib';

const { adrs, problems } = parseAdrs(readAdrFiles());
if (problems.length > 0) {
  console.error(`The index was not written:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  console.error(STATUS_HELP);
  process.exit(1);
}
writeFileSync(INDEX_FILE, await renderIndex(adrs));
console.log(`${path.relative(process.cwd(), INDEX_FILE)}: ${adrs.length} ADRs`);

const oneWay = linkProblems(adrs);
if (oneWay.length > 0) {
  console.error(`Links to make both ways:\n${oneWay.map((p) => `- ${p}`).join('\n')}`);
  process.exitCode = 1;
}
