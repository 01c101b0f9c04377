// Integration specs of gateway-status: a real database (PGlite, and Postgres when set). Kept out
// of the project graph (.nxignore) so production code never depends on the testing lib.
module.exports = {
  displayName: 'gateway-status:int',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
