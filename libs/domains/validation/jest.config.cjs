module.exports = {
  displayName: 'domain-validation',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
