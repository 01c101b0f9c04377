module.exports = {
  displayName: 'platform-transport',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
