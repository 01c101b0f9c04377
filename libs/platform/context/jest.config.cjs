module.exports = {
  displayName: 'platform-context',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
