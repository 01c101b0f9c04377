module.exports = {
  displayName: 'platform-errors',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
