/* global module */
/**
 * Import cycles, checked by `npm run lint:cycles` (part of `npm test`'s lint step). ESLint holds the
 * other boundaries (eslint.config.js); dependency-cruiser follows every import, including the web
 * app's `@/` and `@contracts/` aliases, through tsconfig.json. Type-only imports are erased at
 * build time, so they cannot form a cycle of files at run time and are left out of that rule; the
 * server's modules depend one way even in their types (ADR 076).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules depend one way (docs/architecture.md, "Module boundaries").',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      // What makes the next rule exact: a folder-level edge points at the folder of the file
      // imported, so an import of another module's subfolder would be an edge to that subfolder
      // alone, and a cycle through it could go unseen.
      name: 'module-entries-at-the-root',
      severity: 'error',
      comment:
        "Another server module is imported through its index or data entry, files at its root ('../m', '../m/data'), never a file of its subfolders.",
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/[^/]+/', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        "The server modules depend one way (ADR 076): no chain of imports leads from a module back to itself, even where no single file cycle exists. Move what both need down to a module below them (the record layer of a table, an owner's data entry, a guard in auth).",
      scope: 'folder',
      from: { path: '^server/modules/[^/]+$' },
      to: { path: '^server/modules/[^/]+$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
