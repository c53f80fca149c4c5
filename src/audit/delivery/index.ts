/** Getting journaled entries onto the topic: the publisher, its HCS and HOL strategies, its options and the status it reports. */
export { kitAudit } from './audit-participant.js';
export type { AuditParticipant, AuditStatus, KitAudit } from './audit-participant.js';
export { AuditPublisher } from './audit-publisher.js';
export type { DeliveryStrategy } from './delivery-strategy.js';
export { HcsDelivery } from './hcs-delivery.js';
export { HolDelivery } from './hol-delivery.js';
export { checkBackoffs, closeTimeoutSchema, closeTimeoutSetting, publisherOptionsShape, publisherSettings, shown } from './publisher-options.js';
export type { PublisherOptions, PublisherSettings } from './publisher-options.js';
