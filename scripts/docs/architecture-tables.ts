/**
 * Writes docs/architecture.md's ownership table and module-dependency table from the owner map,
 * the code's writes and dependency-cruiser's module graph (ADR 076).
 * Usage: npm run docs:architecture
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { moduleGraph, serverModules } from '../lib/module-graph';
import { allTableWrites } from '../lib/table-writes';
import {
  ARCHITECTURE_FILE,
  edgesTable,
  ownersTable,
  writtenArchitecture,
} from './architecture-tables-lib';

const doc = readFileSync(ARCHITECTURE_FILE, 'utf8');
const written = await writtenArchitecture(doc, {
  owners: ownersTable(serverModules(), allTableWrites()),
  edges: edgesTable(moduleGraph()),
});
writeFileSync(ARCHITECTURE_FILE, written);
const file = path.relative(process.cwd(), ARCHITECTURE_FILE);
console.log(written === doc ? `${file}: up to date` : `${file}: tables rewritten`);
