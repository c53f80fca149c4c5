import { bindStandaloneRunner, bindStrategySelector } from '../lifecycle/late-bindings.js';
import { strategyForMode } from '../modes/strategy-for-mode.js';
import { runStandalone } from './standalone-run.js';

// Loaded for its effect: gives the lifecycle the parts that live above it (see late-bindings.ts).
// Idempotent, so every copy of the entry and every kit assembly may import it.
bindStrategySelector(strategyForMode);
bindStandaloneRunner(runStandalone);
