/** A fault on the mirror REST server. */
export interface MirrorFaultSpec {
  /** `'*'`, a path prefix such as `'/api/v1/topics'`, or a RegExp tested against path + query */
  path: string | RegExp;
  /** answer with this HTTP status (400–599) and a mirror error body instead of the real answer */
  status?: number;
  /** delay the answer by this many milliseconds */
  latencyMs?: number;
  /** apply to this many matching requests, then retire (default: forever) */
  times?: number;
  /** chance in [0, 1] that a matching request is hit (default 1) */
  probability?: number;
}

export interface MirrorFaultHandle {
  readonly spec: Readonly<MirrorFaultSpec>;
  readonly hits: number;
  readonly remaining: number | undefined;
  remove(): void;
}

interface Rule { spec: MirrorFaultSpec; hits: number; remaining: number | undefined }

/**
 * Faults for the mirror REST API, e.g. the 404/429/503 answers that REST clients retry.
 *
 * @example
 * net.faults.mirror.inject({ path: '/api/v1/topics', status: 503, times: 2 });
 * net.faults.mirror.inject({ path: /messages\?/, latencyMs: 100 });
 */
export class MirrorFaults {
  private rules: Rule[] = [];

  constructor(private readonly random: () => number = Math.random) {}

  inject(spec: MirrorFaultSpec): MirrorFaultHandle {
    validate(spec);
    const rule: Rule = { spec: { ...spec }, hits: 0, remaining: spec.times };
    this.rules.push(rule);
    const remove = () => { this.rules = this.rules.filter((r) => r !== rule); };
    return {
      get spec() { return rule.spec; },
      get hits() { return rule.hits; },
      get remaining() { return rule.remaining; },
      remove,
    };
  }

  clear(): void {
    this.rules = [];
  }

  /** @internal Latency and status override for one request (`url` = path + query), consuming counts. */
  take(url: string): { latencyMs: number; status?: number } {
    const decision: { latencyMs: number; status?: number } = { latencyMs: 0 };
    for (const rule of this.rules) {
      if (rule.remaining === 0 || !matches(rule.spec.path, url)) continue;
      if (rule.spec.status !== undefined && decision.status !== undefined) continue;
      if (rule.spec.probability !== undefined && this.random() >= rule.spec.probability) continue;
      decision.latencyMs += rule.spec.latencyMs ?? 0;
      if (rule.spec.status !== undefined) decision.status = rule.spec.status;
      rule.hits++;
      if (rule.remaining !== undefined) rule.remaining--;
    }
    this.rules = this.rules.filter((rule) => rule.remaining !== 0);
    return decision;
  }
}

function matches(path: string | RegExp, url: string): boolean {
  if (path instanceof RegExp) return path.test(url);
  return path === '*' || url.startsWith(path);
}

function validate(spec: MirrorFaultSpec): void {
  if (!spec || (typeof spec.path !== 'string' && !(spec.path instanceof RegExp))) {
    throw new Error('faults.mirror.inject: `path` must be "*", a path prefix such as "/api/v1/topics", or a RegExp');
  }
  if (spec.status === undefined && spec.latencyMs === undefined) throw new Error('faults.mirror.inject: give `status`, `latencyMs` or both');
  if (spec.status !== undefined && !(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599)) {
    throw new Error(`faults.mirror.inject: status must be an HTTP error status 400..599 (got ${String(spec.status)})`);
  }
  if (spec.latencyMs !== undefined && !(Number.isFinite(spec.latencyMs) && spec.latencyMs >= 0)) throw new Error(`faults.mirror.inject: latencyMs must be a non-negative number (got ${String(spec.latencyMs)})`);
  if (spec.times !== undefined && (!Number.isInteger(spec.times) || spec.times < 1)) throw new Error(`faults.mirror.inject: times must be a positive integer (got ${String(spec.times)})`);
  if (spec.probability !== undefined && !(spec.probability >= 0 && spec.probability <= 1)) throw new Error(`faults.mirror.inject: probability must be within [0, 1] (got ${String(spec.probability)})`);
}
