/** One mirror message: `message` always, `detail` when a short reason helps the caller, `data` (hex) for an EVM revert. */
export interface MirrorMessage { message: string; detail?: string; data?: string }

/** Thrown by parameter parsers; the server answers 400 with every message it carries. */
export class MirrorParamError extends Error {
  readonly messages: MirrorMessage[];

  constructor(...messages: Array<string | MirrorMessage>) {
    const list = messages.map((m) => (typeof m === 'string' ? { message: m } : m));
    super(list.map((m) => m.message).join('; '));
    this.messages = list;
  }
}

/** `Invalid parameter: <name>`, the mirror's wording for a malformed value. */
export function invalidParameter(name: string, detail?: string): MirrorParamError {
  return new MirrorParamError(detail ? { message: `Invalid parameter: ${name}`, detail } : `Invalid parameter: ${name}`);
}
