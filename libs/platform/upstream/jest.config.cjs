module.exports = {
  displayName: 'platform-upstream',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
