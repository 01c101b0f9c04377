// The infrastructure fault suite (`npm run test:faults`): one file that starts its own NATS,
// Redis, PostgreSQL and the distributed apps, keeps a steady load on the gateway and breaks
// things one after another. It runs for about three minutes, so its timeout is long and nothing
// runs beside it. project.json keeps it out of `npm test` for the same reason.
module.exports = {
  displayName: 'faults',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  maxWorkers: 1,
  testTimeout: 240_000,
};
