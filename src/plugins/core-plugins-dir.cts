import path from 'node:path';

/**
 * The core plugins folder of the build this file belongs to: `dist/plugins` for the CommonJS
 * build, `dist/esm/plugins` for the ES-module one. A `.cts` file compiles to CommonJS in both
 * builds, so `__dirname` is there for each; an ES-module kit then loads the ES-module core tools,
 * which use the same SDK copy as the app's own `import`.
 */
export const CORE_PLUGINS_DIR = path.resolve(__dirname, '..', '..', 'plugins');

/** This build's module-copy-probe.js (see there), which core-tools.ts requires by path. */
export const MODULE_COPY_PROBE_FILE = path.join(__dirname, 'module-copy-probe.js');
