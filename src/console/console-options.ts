import { z } from 'zod';
import { SENTENCE } from '../errors/index.js';
import type { Logger } from '../lifecycle/logger.js';
import { isConsoleOversight, type ConsoleOversight } from './console-oversight.js';
import { CONSOLE_NETWORKS, type ConsoleNetwork } from './explorer-links.js';
import type { OverseenKit } from './kit-oversight.js';

/** The console's customary port (unassigned by IANA); 0 takes any free port. */
export const DEFAULT_CONSOLE_PORT = 4280;

export interface ConsoleOptions {
  /** The shared journal folder: the calls of every process writing there, live. */
  journalDir?: string;
  /** The mirror REST URL, e.g. `http://127.0.0.1:5551`: with `topicId`, the trail's verification, and the calls from the topic when there is no `journalDir`. */
  mirrorUrl?: string;
  /** The audit topic. */
  topicId?: string;
  /** Which network, for links to its explorer (hashscan; the mirror's REST for `devnet` and `local`, which need `mirrorUrl`). Without it: no links. */
  network?: ConsoleNetwork;
  /** Default 4280; 0 takes any free port. */
  port?: number;
  /** Default 127.0.0.1. Any other address needs `token` or `tokens`. */
  host?: string;
  /** One operator's bearer token, which the page and API clients send (at least 16 characters); on loopback one is made when not given. */
  token?: string;
  /** Who decides with `token`, as decisions and pauses name them (default `'console'`). */
  tokenName?: string;
  /**
   * One bearer token per named approver, instead of `token`: `{ alice: '<secret>', bob: '<secret>' }`.
   * The token a request carries names who decides, pauses or unpauses, so one token holder is one
   * approver: two decisions with one token are one approver's, however the request is worded. Each
   * token at least 16 characters, no two alike; names as `quorum.of` lists them.
   */
  tokens?: Record<string, string>;
  /** Hears what the console does on its own, e.g. a page dropped for not reading its event stream (default: silent). */
  logger?: Logger;
  /** Pending approvals and the kill switch; without it those panels say they are not connected. */
  oversight?: ConsoleOversight;
  /** An agent kit whose approval stores, kill switch and budgets the console shows and acts on (kitOversight(kit)); instead of `oversight`. */
  kit?: OverseenKit;
  /** How often the journal folder is read besides watch events (default 500 ms), or the topic (default 2 000 ms). */
  pollMs?: number;
}

const text = (what: string) => z.string({ error: what }).trim().min(1, { error: what });

export const consoleOptionsSchema = z
  .object(
    {
      journalDir: text('a folder path (the audit hooks\' journalDir)').optional(),
      mirrorUrl: z.string({ error: 'an http(s) URL such as http://127.0.0.1:5551' }).regex(/^https?:\/\/[^\s]+$/, { error: 'an http(s) URL such as http://127.0.0.1:5551' }).optional(),
      topicId: z.string({ error: 'a topic ID such as 0.0.1234' }).regex(/^\d+\.\d+\.\d+$/, { error: 'a topic ID such as 0.0.1234' }).optional(),
      network: z.enum(CONSOLE_NETWORKS, { error: CONSOLE_NETWORKS.map((name) => `'${name}'`).join(', ') }).optional(),
      port: z.unknown().optional(),
      host: z.unknown().optional(),
      token: z.unknown().optional(),
      tokens: z.unknown().optional(),
      logger: z
        .custom<Logger>((value) => value !== null && typeof value === 'object' && ['debug', 'warn', 'error'].every((name) => typeof (value as Record<string, unknown>)[name] === 'function'), { error: 'a logger with debug, warn and error methods (pino, bunyan and winston fit)' })
        .optional(),
      tokenName: z.string({ error: '1 to 64 characters naming who holds the token' }).trim().min(1).max(64, { error: '1 to 64 characters naming who holds the token' }).optional(),
      oversight: z.custom<ConsoleOversight>(isConsoleOversight, { error: 'an object with pendingApprovals(), decide(id, decision), pause(reason, by), unpause(by) and state() (see ConsoleOversight)' }).optional(),
      kit: z
        .custom<OverseenKit>((value) => value !== null && typeof value === 'object' && ['approvalStores', 'pause', 'unpause', 'listenerInstances'].every((method) => typeof (value as Record<string, unknown>)[method] === 'function'), {
          error: 'an agent kit from createAgentKit (with approvalStores(), pause(), unpause() and listenerInstances())',
        })
        .optional(),
      pollMs: z.number({ error: 'a whole number of milliseconds from 50 to 60000' }).int().min(50).max(60_000, { error: 'a whole number of milliseconds from 50 to 60000' }).optional(),
    } satisfies Record<keyof ConsoleOptions, z.ZodType>,
    { error: 'options { journalDir | mirrorUrl + topicId, port?, host?, token? | tokens?, oversight?, … }' },
  )
  .strict()
  .superRefine((options, ctx) => {
    const sentence = (message: string): void => ctx.addIssue({ code: 'custom', message, params: SENTENCE });
    if (!options.journalDir && !(options.mirrorUrl && options.topicId)) sentence("the calls come from a journal folder ('journalDir') or from a topic through the mirror ('mirrorUrl' and 'topicId'); neither was given");
    if ((options.mirrorUrl === undefined) !== (options.topicId === undefined)) sentence(`'mirrorUrl' and 'topicId' go together (the topic is read through that mirror); only '${options.mirrorUrl === undefined ? 'topicId' : 'mirrorUrl'}' was given`);
    if (options.kit && options.oversight) sentence("'kit' and 'oversight' both say where approvals and the kill switch come from; give one (kit uses kitOversight(kit))");
    if ((options.network === 'devnet' || options.network === 'local') && !options.mirrorUrl) sentence(`network '${options.network}' has no public explorer: its links go to the mirror's REST API, so 'mirrorUrl' is needed`);
  });
