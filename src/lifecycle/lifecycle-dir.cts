/**
 * The folder this build's lifecycle files are in (`dist/src/lifecycle`, `dist/esm/src/lifecycle`).
 * A `.cts` file compiles to CommonJS in both builds, so `__dirname` is there for each; every copy of a
 * lifecycle file that one build makes (see late-bindings.ts) reads the same folder here.
 */
export const LIFECYCLE_DIR: string = __dirname;
