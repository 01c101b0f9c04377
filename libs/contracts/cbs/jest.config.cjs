module.exports = {
  displayName: 'contracts-cbs',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
