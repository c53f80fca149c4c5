/**
 * Loads a module synchronously, by absolute path. A `.cts` file compiles to CommonJS in both builds,
 * so `require` is there for each: the CommonJS build loads the CommonJS core tools, and the
 * ES-module build loads its ES-module ones through Node's require(esm) (on by default from Node
 * 20.19, the oldest Node this package supports). Where require(esm) is switched off, the ES-module
 * build gets `ERR_REQUIRE_ESM` and falls back to `import()` (see core-tools.ts).
 */
export function requireModule(file: string): unknown {
  return require(file);
}
