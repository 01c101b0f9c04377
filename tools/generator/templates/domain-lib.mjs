// The domain lib's own files: its project, Jest configs, index, app part, module and settings.
// `n` holds the name in its spellings: name, Name, NAME.
import { jestInt, jestUnit, project } from './project.mjs';

/** libs/domains/<name>: everything but its capability and its upstream. */
export function domainLibFiles(n) {
  const root = `libs/domains/${n.name}`;
  const src = `${root}/src`;
  return {
    [`${root}/project.json`]: project(
      `domain-${n.name}`,
      root,
      'library',
      ['type:domain', `scope:${n.name}`],
      {
        'test:int': {
          executor: 'nx:run-commands',
          options: {
            command: `jest -c ${root}/jest.int.config.cjs`,
            env: { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' },
          },
        },
      },
    ),
    [`${root}/jest.config.cjs`]: jestUnit(`domain-${n.name}`, 3),
    [`${root}/jest.int.config.cjs`]: jestInt(`domain-${n.name}`, 3),
    [`${src}/index.ts`]: `export * from './${n.name}.app.js';
export * from './${n.name}.config.js';
export * from './${n.name}.module.js';
export { ${n.name}Recording } from './upstream/${n.name}/${n.name}.recording.js';
`,
    [`${src}/${n.name}.app.ts`]: `import { ${n.NAME}_QUEUE } from '@nl/contracts-${n.name}';
import type { AppPart } from '@nl/platform-runtime';
import { ${n.NAME}_CONFIG } from './${n.name}.config.js';
import { ${n.Name}Module } from './${n.name}.module.js';

/** The ${n.name} service as a part of a process: its module, its settings and its queue group. */
export const ${n.NAME}_APP: AppPart = {
  imports: [${n.Name}Module],
  config: [${n.NAME}_CONFIG],
  queue: ${n.NAME}_QUEUE,
};
`,
    [`${src}/${n.name}.module.ts`]: `import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { LookupHandler } from './lookup/lookup.handler.js';
import { LookupService } from './lookup/lookup.service.js';
import { ${n.NAME}_UPSTREAM, ${n.Name}Client } from './upstream/${n.name}/${n.name}.client.js';

/** The ${n.name} domain. TODO: say in one line what it serves and from where. */
@Module({
  imports: [CacheModule.forDomain('${n.name}'), UpstreamModule.register(${n.NAME}_UPSTREAM)],
  controllers: [LookupHandler],
  providers: [${n.Name}Client, LookupService],
})
export class ${n.Name}Module {}
`,
    [`${src}/${n.name}.config.ts`]: `import { defineConfigSection } from '@nl/platform-config';

export interface ${n.Name}Settings {
  /** Base URL of the upstream; null (unset or off): lookups answer 503 (not configured). */
  readonly url: string | null;
  readonly apiKey: string | null;
}

/** What the ${n.name} service reads from the environment; no other process loads it. */
export const ${n.NAME}_CONFIG = defineConfigSection<${n.Name}Settings>(
  '${n.name}',
  [
    {
      name: '${n.NAME}_URL',
      description:
        'Base URL of the ${n.name} upstream (TODO: its production URL as the default if it needs no key). Unset or \`off\`: ${n.name} lookups answer 503 (not configured).',
      example: 'https://api.example.org/${n.name}',
      upstream: 'http',
    },
    {
      name: '${n.NAME}_API_KEY',
      description: 'API key of the ${n.name} upstream (TODO: where to get one), sent as X-Api-Key.',
      secret: true,
    },
  ],
  (read) => ({ url: read.url('${n.NAME}_URL'), apiKey: read.string('${n.NAME}_API_KEY') }),
);
`,
  };
}
