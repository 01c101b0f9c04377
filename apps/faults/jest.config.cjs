// The infrastructure fault suite (`npm run test:faults`): files that each start their own NATS,
// Redis, PostgreSQL and the distributed apps and break things under them: a steady load on the
// gateway (about two minutes), a batch job on two gateways (about 90 s), and the batch queue
// when JetStream comes late (seconds). One file at a time, with a long timeout. Part of
// `npm test`; skipped on a machine without those servers (outside CI).
module.exports = {
  displayName: 'faults',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  maxWorkers: 1,
  testTimeout: 240_000,
};
