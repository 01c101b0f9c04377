module.exports = {
  displayName: 'contracts-property',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
