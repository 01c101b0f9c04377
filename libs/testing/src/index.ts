export * from './log-capture.js';
export * from './test-profile.js';
export * from './fake-dns.js';
export * from './fake-upstream.js';
export * from './fakes/vies.fake.js';
export * from './fakes/rdw.fake.js';
export * from './fakes/property.fake.js';
export * from './fuzz/index.js';
