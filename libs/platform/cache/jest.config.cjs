module.exports = {
  displayName: 'platform-cache',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
