module.exports = {
  displayName: 'platform-webhooks',
  preset: '../../../jest.preset.cjs',
  rootDir: __dirname,
};
