// The infrastructure fault suite (`npm run test:faults`): one file that starts its own NATS,
// Redis, PostgreSQL and the distributed apps, keeps a steady load on the gateway and breaks
// things one after another. It runs for about two minutes, so its timeout is long. Part of
// `npm test`; skipped on a machine without those servers (outside CI).
module.exports = {
  displayName: 'faults',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  maxWorkers: 1,
  testTimeout: 240_000,
};
