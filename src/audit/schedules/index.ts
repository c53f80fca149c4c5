/** Following up scheduled calls: watching their schedules on the mirror or the network and journaling each outcome. */
export { lookUpScheduleOnMirror } from './mirror-schedule-lookup.js';
export { lookUpScheduleOnNetwork } from './network-schedule-lookup.js';
export { scheduleWatchSchema, scheduleWatchSettings } from './schedule-watch-options.js';
export type { ScheduleWatchOptions, ScheduleWatchSettings } from './schedule-watch-options.js';
export { ScheduleWatcher } from './schedule-watcher.js';
