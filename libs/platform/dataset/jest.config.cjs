module.exports = {
  displayName: 'platform-dataset',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
  // Integration specs (real database, servers) run in the `test:int` target.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
