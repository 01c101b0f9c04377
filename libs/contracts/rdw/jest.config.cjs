module.exports = {
  displayName: 'contracts-rdw',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
