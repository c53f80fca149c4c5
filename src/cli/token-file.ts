import { readFileSync, statSync } from 'node:fs';
import { UsageError } from './usage-error.js';

/** Where a command reads its bearer tokens from: a file (named as in messages), else an environment variable. */
export interface TokenSource {
  /** The file, the option that named it (`--tokens-file`), and how messages name it (`--tokens-file <file>`). */
  file?: { path: string; option: string; where: string };
  /** The variable's name and value. */
  env: { name: string; value: string | undefined };
  /** Whose tokens, for messages: `the agents'`, `the approvers'`, `the users'`. */
  owners: string;
  /** An example of the JSON the tokens are written in. */
  form: string;
}

/**
 * The parsed JSON of a command's token map, or undefined when neither the file nor the variable
 * gives one. Both at once is refused (which would win is a guess). A file others can read or write
 * would hand them every token, so it must be its owner's only. No message quotes the text: the
 * JSON parser's does, and the text is the secrets.
 */
export function readTokens(source: TokenSource): { parsed: unknown; where: string } | undefined {
  if (source.file !== undefined && source.env.value) throw new UsageError(`${source.file.option} and ${source.env.name} both give ${source.owners} tokens; use one.`);
  let text: string;
  let where: string;
  if (source.file !== undefined) {
    where = source.file.where;
    text = ownerOnlyText(source.file.path, where);
  } else if (source.env.value) {
    text = source.env.value;
    where = source.env.name;
  } else return undefined;
  try {
    return { parsed: JSON.parse(text), where };
  } catch (error) {
    throw new UsageError(`${where} is not JSON; write an object naming each of ${source.owners} tokens: ${source.form}.${(error as Error).name === 'SyntaxError' ? '' : ` (${(error as Error).message})`}`);
  }
}

/** readTokens for a map whose value must be a JSON object (a name per token); `where` names it in errors. */
export function tokenObject(read: { parsed: unknown; where: string }, source: Pick<TokenSource, 'owners' | 'form'>): Record<string, unknown> {
  const { parsed, where } = read;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`${where} must hold a JSON object naming each of ${source.owners} tokens: ${source.form}.`);
  return parsed as Record<string, unknown>;
}

/** The text of a token file that only its owner can read or write; `where` names it in errors. */
function ownerOnlyText(file: string, where: string): string {
  let mode: number;
  let text: string;
  try {
    mode = statSync(file).mode;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${where} cannot be read (${(error as Error).message}).`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) throw new UsageError(`${where} can be read or written by other users of this machine (mode ${(mode & 0o777).toString(8)}); make it its owner's only: chmod 600 ${file}.`);
  return text;
}
