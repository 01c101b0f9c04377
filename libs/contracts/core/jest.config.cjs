module.exports = {
  displayName: 'contracts-core',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
