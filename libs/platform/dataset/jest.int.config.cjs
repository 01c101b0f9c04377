// Integration specs of platform-dataset: real databases (PGlite or Postgres) and file servers.
// Kept out of the project graph (.nxignore) so production code never depends on the testing lib.
module.exports = {
  displayName: 'platform-dataset:int',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
