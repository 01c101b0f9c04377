module.exports = {
  displayName: 'platform-runtime',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
