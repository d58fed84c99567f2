import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverTests = ['server/**/*.test.ts', 'server/test/**'];
/** The import rule for a block: later blocks replace it for their files, so each lists it whole. */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const webBase = { group: ['**/server/**'], message: 'The web app never imports the server.' };
const serverBase = [
  { group: ['**/web/**'], message: 'The server never imports the web app.' },
  { group: ['@/*'], message: 'The server never imports the web app.' },
];
/**
 * One owner per table (ADR 032, issue 22): SQL is written in a module's data files, `server/db/`,
 * the tests and the scripts, so every write to a table is a named data function of its module.
 */
const sqlInDataFiles = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message:
    "SQL lives in the module's data files (modules/<m>/data.ts or data/): call a data function named after the transition it makes.",
};
const moduleBoundaries = [
  {
    // A module's data entry ('../other/data') is public too: the named transitions of the tables it
    // owns, for writes another module makes in its own transaction (ADR 032).
    regex: String.raw`^\.\./(?!\.\.)[^/]+/(?!index$|data$)[^/]+`,
    message:
      "Another module is imported through its index ('../other'), which names what it offers, or its data entry ('../other/data') for a write to a table it owns.",
  },
  {
    regex: String.raw`(^|/)jobs(/|$)`,
    message: 'Jobs use the modules, never the other way round.',
  },
  {
    regex: String.raw`^\.\./mail$`,
    importNames: ['enqueueMail'],
    message:
      'Queue mail content with queueMail: every e-mail is composed by the one pipeline (ADR 041).',
  },
];
const throughIndex = {
  regex: String.raw`(^|/)modules/[^/]+/(?!index$)[^/]+`,
  message: 'Import a server module through its index (modules/<m>), not its files.',
};
/**
 * Files that may build SQL besides the data files. Each reads only (no insert, update or delete):
 * - auth/viewer.ts, questions/viewer-reads.ts: the viewer's session check fused with its rows in
 *   one prepared statement per read (ADR 033, 035), built where the statements are kept;
 * - admin/tables.ts, accounts/export.ts: the administrators' keyset tables and the data export,
 *   reads of many modules' tables that no module's data file owns.
 */
const sqlReadersOutsideData = [
  'server/modules/auth/viewer.ts',
  'server/modules/questions/viewer-reads.ts',
  'server/modules/admin/tables.ts',
  'server/modules/accounts/export.ts',
];
/**
 * One vocabulary (ADR 044): code says Coach and Player. The spec's `expert` and `asker` live on in
 * strings only (SQL names, URLs, role values); a key named after a role value may stay.
 */
const specWordsInCode = {
  message:
    "Say Coach or Player in code: 'expert' and 'asker' are the spec's SQL, URL and role-value names (docs/architecture.md 'Vocabulary').",
};
const vocabulary = [
  {
    ...specWordsInCode,
    selector:
      'Identifier[name=/[Ee]xpert(?!ise)|[Aa]sker|EXPERT(?!ISE)|ASKER/]:not([name=/^(asker|expert)$/])',
  },
  {
    ...specWordsInCode,
    selector:
      'Identifier[name=/^(asker|expert)$/]:not(Property > Identifier.key, MemberExpression > Identifier.property, TSPropertySignature > Identifier.key)',
  },
  { ...specWordsInCode, selector: 'JSXIdentifier[name=/[Ee]xpert(?!ise)|[Aa]sker/]' },
];
const dataFiles = ['server/modules/*/data.ts', 'server/modules/*/data/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      '.test-build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...vocabulary],
    },
  },
  {
    // Playwright fixtures: `use` is not React's, and a fixture that needs no other takes `{}`
    // (Playwright reads a fixture's dependencies from its first parameter's pattern).
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // One-way imports: the server never reaches into the web app and vice versa.
    files: ['server/**/*.ts'],
    rules: restrictImports('**/web/**', '@/*'),
  },
  {
    // The page test renders with the web app's server entry, as the built server does through the
    // SsrEntry contract (ADR 026); nothing else of the web app.
    files: [
      'server/plugins/web-app*.test.ts',
      'server/plugins/page-forms.test.ts',
      'server/test/rendered-page.ts',
    ],
    rules: restrictImports({ group: ['**/web/**', '!**/web/entry-server', '@/*'] }),
  },
  // The server's modules (docs/architecture.md 'Module boundaries'): another module is reached
  // through its public surface, `modules/<m>/index.ts`, and never the other way from a module to
  // the jobs. Tests may import anything. Later blocks replace the rule, so each repeats the above.
  {
    files: ['server/**/*.ts'],
    ignores: serverTests,
    rules: restrictImports(...serverBase, throughIndex, sqlInDataFiles),
  },
  {
    files: ['server/db/**/*.ts'],
    ignores: serverTests,
    rules: restrictImports(...serverBase, throughIndex),
  },
  {
    files: ['server/modules/**/*.{ts,tsx}'],
    ignores: [...serverTests, ...dataFiles, ...sqlReadersOutsideData],
    rules: restrictImports(...serverBase, ...moduleBoundaries, sqlInDataFiles),
  },
  {
    files: [...dataFiles, ...sqlReadersOutsideData],
    ignores: serverTests,
    rules: restrictImports(...serverBase, ...moduleBoundaries),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: restrictImports('**/server/**'),
  },
  // The web app's layers (docs/architecture.md): shared code (components, lib) → features → routes
  // and the app shell. Later blocks replace the rule for their files, so each repeats the above.
  {
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: restrictImports(webBase, {
      group: ['@/features/*', '@/routes/*', '@/app/*'],
      message: 'Shared code (components, lib) imports no feature, route or app module.',
    }),
  },
  {
    files: ['web/features/**/*.{ts,tsx}'],
    rules: restrictImports(
      webBase,
      {
        group: ['@/features/*'],
        message:
          'A feature imports no other feature (its own files relatively): move what both need to web/lib or web/components, or compose them in a route.',
      },
      {
        group: ['@/routes/*', '@/app/*'],
        message: 'Features do not import routes or the app.',
      },
    ),
  },
  {
    files: ['contracts/**/*.ts'],
    rules: restrictImports('**/server/**', '**/web/**', '@/*'),
  },
);
