module.exports = {
  displayName: 'gateway-access',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
