/**
 * Import boundaries (issue 22; docs/architecture.md, "Layers"). `npm test` runs
 * `depcruise --config .dependency-cruiser.cjs contract/src server/src web/src e2e` and fails on any error:
 * an import circle, a lower layer importing a higher one, or parent-side web code importing staff code.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const SERVER_BASICS = '^server/src/(lib/|config(-env)?\\.ts$|ports\\.ts$|app-context\\.ts$|db/|adapters/)';
/** Tests may render a page through its real parts, whatever layer they sit in. */
const TESTS = '\\.test\\.tsx?$';
const WEB_STAFF = '^web/src/(pages/staff/|features/(staff|kiosk)[^/]*/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (type-only imports count): move the shared part into a lower module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-side',
      severity: 'error',
      comment: 'contract/ is shared by the server and the web: it imports neither.',
      from: { path: '^contract/' },
      to: { path: '^(server|web|e2e)/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      comment: 'The server and the web share only contract/.',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The server and the web share only contract/.',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-basics-stay-low',
      severity: 'error',
      comment: 'lib/, config, ports, app-context, db/ and adapters/ sit below http/, features/ and jobs/.',
      from: { path: SERVER_BASICS, pathNot: '^server/src/db/seed/' },
      to: { path: '^server/src/(http/|features/|jobs/|app\\.ts$|main\\.ts$)' },
    },
    {
      name: 'server-http-below-features',
      severity: 'error',
      comment: 'http/ is plumbing every domain uses; it knows no domain.',
      from: { path: '^server/src/http/' },
      to: { path: '^server/src/(features/|jobs/|app\\.ts$|main\\.ts$)' },
    },
    {
      name: 'server-nothing-imports-the-composition',
      severity: 'error',
      comment:
        'app.ts, main.ts and startup.ts compose everything; nothing imports them but tests and scripts.',
      from: { path: '^server/src/', pathNot: '^server/src/(app|main|startup)\\.ts$|\\.test\\.ts$' },
      to: { path: '^server/src/(app|main|startup)\\.ts$' },
    },
    {
      name: 'web-parent-side-imports-no-staff-code',
      severity: 'error',
      comment:
        'The staff back office is loaded lazily and never lands in a parent bundle (docs/architecture.md, Layers).',
      from: {
        path: '^web/src/',
        pathNot: `${WEB_STAFF}|^web/src/(router|entry-server|main|boot)\\.tsx?$|\\.test\\.tsx?$`,
      },
      to: { path: WEB_STAFF },
    },
    {
      name: 'web-lower-layers-stay-low',
      severity: 'error',
      comment: 'api/ and lib/ sit below features/, layout/ and pages/.',
      from: { path: '^web/src/(api|lib|i18n|content)/', pathNot: TESTS },
      to: { path: '^web/src/(features|layout|pages)/' },
    },
    {
      name: 'web-features-below-pages',
      severity: 'error',
      comment: 'pages/ use features/, not the other way round.',
      from: { path: '^web/src/(features|layout)/', pathNot: TESTS },
      to: { path: '^web/src/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|\\.stryker-tmp)/' },
  },
};
