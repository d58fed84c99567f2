/* global module */
/**
 * Import cycles, checked by `npm run lint:cycles` (part of `npm test`'s lint step). ESLint holds the
 * other boundaries (eslint.config.js); dependency-cruiser follows every import, including the web
 * app's `@/` and `@contracts/` aliases, through tsconfig.json. Type-only imports are erased at
 * build time, so they cannot form a cycle at run time and are left out.
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
