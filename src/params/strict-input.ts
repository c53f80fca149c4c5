import { z } from 'zod';

/**
 * A tool's input object that refuses unknown keys, naming them and listing the accepted ones so an
 * LLM can correct itself. `hints` explain known mix-ups (e.g. `serialNumber` sent to an HBAR tool).
 *
 * @example
 * const input = strictInput({ topicId: topicIdSchema }, { message: 'use submit_topic_message_tool to post' });
 * input.safeParse({ topicId: '0.0.5', tpoic: 1 }); // 'unknown key "tpoic"; accepted keys are topicId'
 */
export function strictInput<Shape extends z.ZodRawShape>(shape: Shape, hints: Readonly<Record<string, string>> = {}) {
  const accepted = Object.keys(shape).join(', ') || '(none)';
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'invalid_type') return 'expected an object of named parameters';
      if (issue.code !== 'unrecognized_keys') return undefined;
      const keys = (issue as { keys: string[] }).keys;
      const parts = keys.filter((key) => Object.hasOwn(hints, key)).map((key) => `"${key}": ${hints[key]}`);
      const plain = keys.filter((key) => !Object.hasOwn(hints, key));
      if (plain.length) parts.push(`unknown key${plain.length > 1 ? 's' : ''} ${quoteSome(plain)}; accepted keys are ${accepted}`);
      return parts.join('; ');
    },
  });
}

/** Keys quoted in a message: a few, each cut short, since the input may carry thousands or megabytes of them. */
const QUOTED_KEYS = 5;
const QUOTED_KEY_CHARS = 40;

function quoteSome(keys: readonly string[]): string {
  const shown = keys.slice(0, QUOTED_KEYS).map((key) => `"${key.length > QUOTED_KEY_CHARS ? `${key.slice(0, QUOTED_KEY_CHARS)}…` : key}"`);
  const more = keys.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
