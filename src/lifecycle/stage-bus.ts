import EventEmitter from 'eventemitter3';
import type { StageListeners } from './stage-events.js';

/**
 * The typed bus external code subscribes to (`kit.on('postToolExecution', e => …)`). It publishes
 * each stage after the stage's hooks and policies have run, so observers see approved values.
 * Observers cannot veto; that is what policies are for.
 */
export class StageBus extends EventEmitter<StageListeners> {}
