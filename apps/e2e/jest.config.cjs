// End-to-end suites start whole stacks (and, in CI, share one NATS, Postgres and Redis), so
// their files run one after another.
module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  maxWorkers: 1,
  testTimeout: 60_000,
};
