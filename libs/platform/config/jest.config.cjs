module.exports = {
  displayName: 'platform-config',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
