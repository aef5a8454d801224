/**
 * The architecture, enforced (`npm run lint` → `npm run deps`). See docs/ARCHITECTURE.md, "Contexts".
 * Contexts are listed bottom-up: a context may use the ones before it, never the ones after it.
 */
const contexts = ['access', 'billing', 'records', 'deals', 'mail', 'calendar', 'booking', 'channels', 'automation', 'cards', 'imports', 'reports', 'operator', 'shell'];
const roots = '(apps/server/src/modules|apps/web/src/features|packages/contract/src)';
const tests = '\\.test\\.tsx?$|^apps/server/src/test/|^apps/web/src/test/';

const upward = contexts.slice(0, -1).map((context, index) => ({
  name: `no-upward-from-${context}`,
  comment: `${context} may not use a context above it (${contexts.slice(index + 1).join(', ')})`,
  severity: 'error',
  from: { path: `^${roots}/${context}/`, pathNot: tests },
  to: { path: `^${roots}/(${contexts.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only ones included: break them with a registry, a listener or by moving code down. ' +
        'The one exception is a cycle made only of table files: two tables with foreign keys to each other ' +
        '(users.default_org_id ↔ organizations.created_by) must import each other in Drizzle.',
      severity: 'error',
      from: { pathNot: '\\.table\\.ts$' },
      to: { circular: true },
    },
    ...upward,
    {
      name: 'platform-below-contexts',
      comment: 'Platform code (server platform/ and db/, web shared/, contract platform/) knows no context.',
      severity: 'error',
      from: { path: '^(apps/server/src/(platform|db)|apps/web/src/shared|packages/contract/src/platform)/', pathNot: `^apps/server/src/db/schema\\.ts$|${tests}` },
      to: { path: `^(${roots}/[^/]+/|apps/web/src/app/|apps/server/src/app\\.ts)`, pathNot: '^packages/contract/src/platform/' },
    },
    {
      name: 'no-foreign-repository',
      comment: "A module calls another module's service, never its repository.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+/[^/]+)/', pathNot: tests },
      to: { path: '\\.repository\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'no-foreign-table',
      comment:
        "Only table files (foreign keys) and repositories (read-only joins) may import another module's table; " +
        'writes to it are refused by scripts/check-table-writes.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+/[^/]+)/', pathNot: `\\.(table|repository)\\.ts$|${tests}` },
      to: { path: '\\.table\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'no-foreign-feature-internals',
      comment: "A web feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+/[^/]+)/', pathNot: tests },
      to: { path: '^apps/web/src/features/[^/]+/[^/]+/', pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/[^/]+/index\\.ts$'] },
    },
    {
      name: 'features-below-app',
      comment: 'apps/web/src/app is the composition root: it may use every feature, no feature uses it.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|shared)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'import-thread-stays-small',
      comment:
        'An import thread runs in a 64 MB heap (modules/imports/imports/import-thread.ts) and loads wiring.ts: the ' +
        'mail parser, jsdom and the IMAP/SMTP clients (≈ 38 MB; the files that load them) must stay out of what it reaches — put what ' +
        'wiring.ts registers in a light module (mailboxes.summary.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/import-thread\\.task\\.ts$' },
      to: { path: '^apps/server/src/modules/mail/mailboxes/mailboxes\\.(html|parse|transport)\\.ts$', reachable: true },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by server and web and imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
