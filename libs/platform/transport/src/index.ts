export * from './inproc.bus.js';
export * from './inproc.client.js';
export * from './inproc.server.js';
export * from './service-transport.js';
export * from './traced-nats.server.js';
export * from './transport.client.js';
export * from './transport.module.js';
export * from './nats-health.js';
