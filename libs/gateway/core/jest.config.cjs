module.exports = {
  displayName: 'gateway-core',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
