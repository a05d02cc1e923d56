/**
 * Import boundaries (issue 22, docs/architecture.md "Layers"). `npm test` runs
 * `depcruise --config .dependency-cruiser.cjs contract/src server/src web/src` and fails on any error here.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the shared part into a lower module both can import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr)/' },
  },
};
