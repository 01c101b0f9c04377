module.exports = {
  displayName: 'platform-health',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
