module.exports = {
  displayName: 'platform-database',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
