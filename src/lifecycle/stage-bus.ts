import EventEmitter from 'eventemitter3';
import type { StageListeners } from './stage-events.js';

type Emitter = EventEmitter<StageListeners>;

/**
 * The typed bus external code subscribes to (`kit.on('postToolExecution', e => …)`). It publishes
 * each stage after the stage's hooks and policies have run, so observers see approved values.
 * Observers cannot veto; that is what policies are for.
 *
 * `observed` is kept up to date on every subscription change, because the runner asks it on every
 * call to decide whether events must be built at all, and `eventNames()` builds an array each time.
 * After a `once` observer has fired it may read true until the next change: that errs towards
 * building events nobody reads, never towards skipping one somebody does.
 */
export class StageBus extends EventEmitter<StageListeners> {
  private anyObserver = false;

  /** Whether any observer is subscribed to any stage. */
  get observed(): boolean {
    return this.anyObserver;
  }

  override on(...args: Parameters<Emitter['on']>): this {
    super.on(...args);
    return this.recount();
  }

  override addListener(...args: Parameters<Emitter['addListener']>): this {
    super.addListener(...args);
    return this.recount();
  }

  override once(...args: Parameters<Emitter['once']>): this {
    super.once(...args);
    return this.recount();
  }

  override off(...args: Parameters<Emitter['off']>): this {
    super.off(...args);
    return this.recount();
  }

  override removeListener(...args: Parameters<Emitter['removeListener']>): this {
    super.removeListener(...args);
    return this.recount();
  }

  override removeAllListeners(...args: Parameters<Emitter['removeAllListeners']>): this {
    super.removeAllListeners(...args);
    return this.recount();
  }

  private recount(): this {
    this.anyObserver = this.eventNames().length > 0;
    return this;
  }
}
