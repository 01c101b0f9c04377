module.exports = {
  displayName: 'contracts-catalog',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
