module.exports = {
  displayName: 'contracts-validation',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
