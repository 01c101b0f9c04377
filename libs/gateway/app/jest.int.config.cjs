// Integration specs of gateway-app: real databases, transports and fake upstreams. Kept out of
// the project graph (.nxignore) so production code never depends on the testing lib.
module.exports = {
  displayName: 'gateway-app:int',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
