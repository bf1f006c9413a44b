/** Live events: changes pushed to the browsers of the users they concern (docs/decisions.md, "Live events"). */
export { attachLiveBus, detachLiveBus, noteChange, transactionWithChanges } from './after-commit.js';
export { createLiveBus, createMemoryTransport, type LiveBus, type LiveChange, type LiveTransport } from './live-bus.js';
export { liveEventsRoutes } from './live-events.routes.js';
export { createPostgresTransport, liveChannel } from './postgres-transport.js';
export { createRedisTransport } from './redis-transport.js';
