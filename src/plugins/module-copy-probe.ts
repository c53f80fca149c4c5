/**
 * One object per loaded copy of this file. core-tools.ts imports it and also `require()`s it by path:
 * the same object back means `require()` shares this module graph (plain Node, CommonJS, Node's
 * require(esm)); another one means the loader made a second copy (tsx's `require` hook compiles ES
 * modules again as CommonJS), so core tools loaded that way would run on copies of the package's
 * modules that nothing set up.
 */
export const MODULE_COPY: object = Object.freeze({});
