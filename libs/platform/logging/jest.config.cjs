module.exports = {
  displayName: 'platform-logging',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
