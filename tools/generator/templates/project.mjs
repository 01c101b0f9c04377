// The project files every generated lib and app has: its Nx project.json and its Jest configs.

/** The unit-test config of a project `depth` folders below the root. */
export const jestUnit = (project, depth) => `module.exports = {
  displayName: '${project}',
  preset: '${'../'.repeat(depth)}jest.preset.cjs',
  rootDir: __dirname,
  // Integration specs (real database, servers, fakes) run in the \`test:int\` target.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
`;

/** The integration-test config of a project `depth` folders below the root. */
export const jestInt = (
  project,
  depth,
) => `// Integration specs of ${project}: real databases, transports and fake upstreams. Kept out of
// the project graph (.nxignore) so production code never depends on the testing lib.
module.exports = {
  displayName: '${project}:int',
  preset: '${'../'.repeat(depth)}jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
`;

/** An Nx project.json: its name, kind, tags (type and scope) and any targets of its own. */
export const project = (name, root, type, tags, targets) =>
  `${JSON.stringify(
    {
      name,
      $schema: `${'../'.repeat(root.split('/').length)}node_modules/nx/schemas/project-schema.json`,
      sourceRoot: `${root}/src`,
      projectType: type,
      tags,
      ...(targets && { targets }),
    },
    null,
    2,
  )}\n`;
