module.exports = {
  displayName: 'platform-dataset',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
