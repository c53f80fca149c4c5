import { findNodeAtLocation, getNodeValue, parseTree, ParseErrorCode, type ParseError } from 'jsonc-parser';

/** A JSON document read with its syntax tree, so a problem found later can say where in the file it is. */
export interface JsonText {
  value: unknown;
  /** `line 4, column 7` for a path into the document, when that place exists (a missing field has none). */
  locate(path: readonly (string | number)[]): string | undefined;
}

/** A syntax error at a place in the text. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
  }
}

/**
 * Parses strict JSON (no comments, no trailing commas: the file is also read by editors and other
 * tools as plain JSON) with jsonc-parser, whose errors carry an offset where `JSON.parse`'s carry
 * only an engine-specific message. Throws a JsonSyntaxError for the first error: later ones are
 * usually consequences of it.
 *
 * @example
 * readJsonText('{ "network": }'); // JsonSyntaxError: line 1, column 14: a value is expected
 */
export function readJsonText(text: string): JsonText {
  const errors: ParseError[] = [];
  // A byte order mark is legal at the start of a file, and not part of the JSON.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const tree = parseTree(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first || !tree) {
    const offset = first?.offset ?? 0;
    const { line, column } = positionAt(body, offset);
    throw new JsonSyntaxError(line, column, describe(body, first?.error ?? ParseErrorCode.ValueExpected, offset));
  }
  return {
    value: getNodeValue(tree),
    locate: (path) => {
      const node = findNodeAtLocation(tree, [...path]);
      if (!node) return undefined;
      // A value inside a property is shown where its key starts: that is the line to edit.
      const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
      const { line, column } = positionAt(body, at);
      return `line ${line}, column ${column}`;
    },
  };
}

/** 1-based line and column of an offset, as editors count them. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function describe(text: string, code: ParseErrorCode, offset: number): string {
  const found = text[offset];
  const previous = text.slice(0, offset).trimEnd().at(-1);
  if ((found === '}' || found === ']') && previous === ',') return `a trailing comma before "${found}" (JSON allows none)`;
  switch (code) {
    case ParseErrorCode.InvalidCommentToken:
      return 'a comment (JSON allows none; use a .js or .mjs config for comments)';
    case ParseErrorCode.InvalidSymbol:
      return `unexpected ${found === undefined ? 'end of file' : `character "${found}"`}${found === "'" ? ' (JSON strings use double quotes)' : /[A-Za-z_$]/.test(found ?? '') ? ' (property names and strings are in double quotes)' : ''}`;
    case ParseErrorCode.PropertyNameExpected:
      return 'a property name in double quotes is expected';
    case ParseErrorCode.ValueExpected:
      return found === undefined ? 'a value is expected, but the file ends' : 'a value is expected';
    case ParseErrorCode.ColonExpected:
      return 'a colon is expected after the property name';
    case ParseErrorCode.CommaExpected:
      return 'a comma is expected between entries';
    case ParseErrorCode.CloseBraceExpected:
      return 'a closing "}" is expected';
    case ParseErrorCode.CloseBracketExpected:
      return 'a closing "]" is expected';
    case ParseErrorCode.EndOfFileExpected:
      return 'the document should end here (is there an extra "}" or "]"?)';
    case ParseErrorCode.UnexpectedEndOfString:
      return 'a string is not closed';
    case ParseErrorCode.UnexpectedEndOfNumber:
      return 'a number is not complete';
    case ParseErrorCode.UnexpectedEndOfComment:
      return 'a comment is not closed (and JSON allows none)';
    case ParseErrorCode.InvalidUnicode:
      return 'an invalid \\u escape';
    case ParseErrorCode.InvalidEscapeCharacter:
      return 'an invalid escape character';
    case ParseErrorCode.InvalidCharacter:
      return 'a control character inside a string (escape it, e.g. \\n)';
    default:
      return 'invalid JSON';
  }
}
