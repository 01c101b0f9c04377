module.exports = {
  displayName: 'domain-cbs',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
