import type { Redis } from 'ioredis';
import { z } from 'zod';
import { parseOptions } from '../../errors/index.js';
import { RedisPolicyStore, redisStoreOptions, type RedisPolicyStoreOptions } from '../state/redis-store.js';
import type { ApprovalRecord } from './approval-record.js';
import { APPROVAL_CHANGE_KINDS, KEEP_AFTER_EXPIRY_MS as KEEP_AFTER_MS, type ApprovalChange, type ApprovalListener } from './approval-store.js';
import { APPROVAL_WRITE_SCRIPT } from './approval-scripts.js';
import { RecordTransitions } from './record-transitions.js';
import { TransitionStore } from './transition-store.js';

const CHANGE_KINDS: ReadonlySet<string> = new Set(APPROVAL_CHANGE_KINDS);

type ScriptedRedis = Redis & { agentHooksApprovalWrite?: (...args: (string | number)[]) => Promise<unknown> };

/**
 * Approval requests on a Redis server, shared by every process using the same server and prefix:
 * a request created by an agent in one process is listed, decided and resumed from any other. Each
 * write is one compare-and-set script (approval-scripts.ts), so of two approvers or two resumes
 * racing, one wins; each change is published on `<prefix>:approvals`, so subscribers in every
 * process hear it within a round trip. Connection handling is RedisPolicyStore's (same options).
 *
 * @example
 * const approvals = new RedisApprovalStore({ url: 'redis://127.0.0.1:6379', prefix: 'payments' });
 */
export class RedisApprovalStore extends TransitionStore {
  readonly shared = true;
  readonly description: string;
  private readonly connection: RedisPolicyStore;
  protected readonly transitions: RecordTransitions;
  private readonly channel: string;
  private subscriber?: Redis;
  private listened: Promise<void> = Promise.resolve();
  private listening = 0;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([redisStoreOptions.optional()]);

  constructor(options: RedisPolicyStoreOptions = {}) {
    super();
    parseOptions('RedisApprovalStore', redisStoreOptions, options);
    this.connection = new RedisPolicyStore(options);
    this.description = this.connection.description;
    const prefix = this.connection.keyPrefix;
    this.channel = `${prefix}:approvals`;
    const keyOf = (id: string) => `${prefix}:approval:{${id}}`;
    const pendingKey = `${prefix}:approvals:pending`;
    this.transitions = new RecordTransitions({
      now: () => this.run(async (redis) => {
        const [seconds, micros] = await redis.time();
        return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
      }),
      read: (id) => this.run(async (redis) => {
        const text = await redis.hget(keyOf(id), 'r');
        return text ? (JSON.parse(text) as ApprovalRecord) : undefined;
      }),
      write: (record, expected, change) => this.run(async (redis) => {
        // Kept until a week after its expiry, both read on the server's clock (the record is stamped with it).
        const keepUntil = Math.ceil(record.expiresAt + KEEP_AFTER_MS);
        const written = await (redis as ScriptedRedis).agentHooksApprovalWrite!(
          2, keyOf(record.id), pendingKey,
          expected, record.version, JSON.stringify(record), record.state, record.id, record.createdAt, keepUntil, this.channel, change ?? '',
        );
        return Number(written) === 1;
      }),
      pendingIds: () => this.run((redis) => redis.zrange(pendingKey, '0', '-1')),
    });
  }

  /**
   * Told of changes from every process sharing the server (its own included, once: they come back
   * over the channel). The first subscriber opens a second connection for the channel.
   */
  override subscribe(listener: ApprovalListener): () => void {
    const unsubscribe = this.remote.subscribe(listener);
    if (this.listening++ === 0) this.listened = this.listen();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unsubscribe();
      if (--this.listening === 0) this.stopListening();
    };
  }

  /** Resolves once the channel is subscribed, so changes made from now on are heard (after `subscribe`). */
  subscribed(): Promise<void> {
    return this.listened;
  }

  override async close(): Promise<void> {
    this.stopListening();
    await this.connection.close();
  }

  /** The subscribers, told from the channel (the local transitions publish there too). */
  private readonly remote = new RecordTransitions({
    now: async () => Date.now(),
    read: async () => undefined,
    write: async () => false,
    pendingIds: async () => [],
  });

  private async listen(): Promise<void> {
    try {
      await this.connection.withConnection(async (redis) => {
        const subscriber = redis.duplicate({ enableOfflineQueue: true });
        subscriber.on('error', () => undefined); // reconnects on its own; the store's commands report failures
        subscriber.on('message', (_channel: string, message: string) => {
          const cut = message.indexOf('\n');
          const kind = message.slice(0, cut);
          if (!CHANGE_KINDS.has(kind)) return;
          this.remote.tell(kind as ApprovalChange['kind'], JSON.parse(message.slice(cut + 1)) as ApprovalRecord);
        });
        this.subscriber = subscriber;
        await subscriber.subscribe(this.channel);
      });
    } catch {
      // Without the channel, waiting processes still see decisions on their next heartbeat.
    }
  }

  private stopListening(): void {
    this.subscriber?.disconnect();
    this.subscriber = undefined;
  }

  private run<T>(operation: (redis: ScriptedRedis) => Promise<T>): Promise<T> {
    return this.connection.withConnection((redis) => {
      const scripted = redis as ScriptedRedis;
      if (typeof scripted.agentHooksApprovalWrite !== 'function') redis.defineCommand('agentHooksApprovalWrite', { lua: APPROVAL_WRITE_SCRIPT });
      return operation(scripted);
    });
  }
}
