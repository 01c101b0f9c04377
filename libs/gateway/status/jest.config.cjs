module.exports = {
  displayName: 'gateway-status',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
  // Integration specs (real database, servers, fakes) run in the `test:int` target.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
