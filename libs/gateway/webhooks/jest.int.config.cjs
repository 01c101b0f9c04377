// Integration specs of gateway-webhooks: a real database and a receiver on 127.0.0.1. Kept out
// of the project graph (.nxignore) so production code never depends on the testing lib.
module.exports = {
  displayName: 'gateway-webhooks:int',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
