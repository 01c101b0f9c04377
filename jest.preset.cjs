// Shared Jest settings: ESM mode (NestJS 12 is ESM-only), swc with decorator
// metadata, the tsconfig path aliases mapped to source, and the egress guard.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

// A `*` in an alias (`@nl/domain-*`) matches one folder name, put in the target's `*`.
const aliases = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace(/[-/]/g, (c) => `\\${c}`).replace('*', '([a-z0-9-]+)')}$`,
    path.join(__dirname, target).replace('*', '$1'),
  ]),
);

module.exports = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: {
    ...aliases,
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // An ES module that a CommonJS package (Fastify's inject) requires: see the file.
    '^cookie$': path.join(__dirname, 'tools/jest/cookie.cjs'),
  },
  testMatch: ['**/?(*.)+(spec|int-spec|e2e-spec).ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            useDefineForClassFields: false,
          },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 30_000,
  // No test reaches beyond 127.0.0.0/8: a connection elsewhere fails the test that made it.
  setupFilesAfterEnv: [path.join(__dirname, 'tools/jest/egress-guard.cjs')],
};
