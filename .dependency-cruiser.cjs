/**
 * The import checker (`npm run lint:imports`, part of `npm test`). The layer order it enforces is
 * written out in docs/architecture.md; keep the two in step.
 *
 * Each folder of src/ may import only the folders listed for it here (and itself). The lists form an
 * order with no way back, so no two folders can import each other; any file cycle, type-only imports
 * included, fails on its own rule.
 */

/** Bottom-up. A folder may import the folders of every earlier layer, and those named in `peers`. */
const layers = [
  { name: 'values and errors', folders: ['values', 'errors'], peers: { errors: ['values'] } },
  { name: 'lifecycle', folders: ['lifecycle'] },
  { name: 'tool support', folders: ['secrets', 'params', 'mirror', 'modes'], peers: { mirror: ['params'] } },
  { name: 'listeners', folders: ['di', 'listeners'], peers: { listeners: ['di'] } },
  { name: 'policies, hooks, audit', folders: ['policies', 'audit', 'hooks'], peers: { hooks: ['audit', 'policies'], audit: ['policies'] } },
  // Observes the lifecycle, the policies and the audit trail; the kit loads it only when asked for.
  { name: 'telemetry', folders: ['telemetry'] },
  { name: 'the real kit adapted', folders: ['compat'] },
  { name: 'plugin loading', folders: ['plugins'] },
  { name: 'kit', folders: ['kit'] },
  // The entry tool authors write against (hedera-agent-hooks/tools): what the core tools use, re-exported.
  { name: 'tool authoring entry', folders: ['authoring'] },
  // The policy signer: decodes transaction bodies and judges them with the kit's policies (docs/architecture.md).
  { name: 'policy signer', folders: ['signer'] },
  // console/ (the operator console) serves over adapters/'s HTTP checks; the cli starts it.
  { name: 'config, adapters, console, cli', folders: ['config', 'adapters', 'console', 'cli'], peers: { config: ['devnet'], adapters: ['config', 'devnet'], console: ['config', 'adapters'], cli: ['config', 'adapters', 'console', 'devnet'] } },
];

const allFolders = layers.flatMap((layer) => layer.folders).concat('devnet');
const escape = (folder) => folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function allowedFor(folder) {
  const at = layers.findIndex((layer) => layer.folders.includes(folder));
  const below = layers.slice(0, at).flatMap((layer) => layer.folders);
  return new Set([folder, ...below, ...(layers[at].peers?.[folder] ?? [])]);
}

const layerRules = layers.flatMap((layer) =>
  layer.folders.map((folder) => {
    const allowed = allowedFor(folder);
    const forbiddenFolders = allFolders.filter((other) => !allowed.has(other));
    return {
      name: `layer-${folder}`,
      comment: `src/${folder}/ is in the layer "${layer.name}": it may import only ${[...allowed].map((f) => `src/${f}/`).join(', ')} (docs/architecture.md).`,
      severity: 'error',
      from: { path: `^src/${escape(folder)}/` },
      to: { path: [`^src/(${forbiddenFolders.map(escape).join('|')})/`, '^src/index\\.ts$', '^plugins/'] },
    };
  }),
);

/** src/audit/ by concern, bottom-up: a sub-folder may import only those before it (src/audit/index.ts says why). */
const auditOrder = ['entries', 'codecs', 'journal', 'readers', 'delivery', 'schedules', 'verify'];
const auditRules = auditOrder.map((sub, at) => ({
  name: `audit-${sub}`,
  comment: `src/audit/${sub}/ may import only the audit sub-folders before it: ${auditOrder.slice(0, at).join(', ') || 'none'}.`,
  severity: 'error',
  from: { path: `^src/audit/${sub}/` },
  to: { path: [`^src/audit/(${auditOrder.slice(at + 1).join('|') || '(?!)'})/`, '^src/audit/index\\.ts$'] },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file cycles, type-only imports included: a cycle hides which module owns what.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...auditRules,
    {
      name: 'devnet-alone',
      comment: 'The embedded devnet is a network simulator: it imports nothing of the rest of the package.',
      severity: 'error',
      from: { path: '^src/devnet/' },
      to: { path: ['^src/(?!devnet/)', '^plugins/'] },
    },
    {
      name: 'plugins-through-public-entries',
      comment:
        'plugins/ are written like anyone\'s: they may import only the package entry (src/index.ts), the public barrels (src/<folder>/index.ts named in package.json "exports", src/authoring/index.ts for tools) and other files in plugins/.',
      severity: 'error',
      from: { path: '^plugins/' },
      to: {
        path: '^src/',
        pathNot: ['^src/index\\.ts$', '^src/(hooks|policies|authoring|config|devnet)/index\\.ts$', '^src/adapters/(mcp|langchain|ai-sdk)/index\\.ts$'],
      },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the checker cannot resolve is an import it cannot check.',
      severity: 'error',
      from: { path: '^(src|plugins)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // typescript 7 has no JavaScript API, so the sources are parsed with swc (@swc/core).
    parser: 'swc',
    // Type-only imports are edges too: a type cycle is still a cycle between modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    enhancedResolveOptions: {
      // .cts among them: the sources import their .cts siblings as .cjs, as Node resolves the compiled files.
      extensions: ['.ts', '.cts', '.mts', '.d.ts', '.js', '.cjs', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
