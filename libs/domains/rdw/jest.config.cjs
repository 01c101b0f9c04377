module.exports = {
  displayName: 'domain-rdw',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
