// End-to-end suites start whole stacks (and, in CI, share one NATS, Postgres and Redis), so
// their files run one after another. They run in one worker process, not in Jest's own: with ES
// modules every file's module graph stays in the process that ran it, and the whole suite in one
// heap passed Node's limit (an out-of-memory crash near 4 GB). The worker is replaced once it holds
// more than the idle limit after a file.
module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  maxWorkers: 1,
  workerIdleMemoryLimit: '1536MB',
  testTimeout: 60_000,
};
