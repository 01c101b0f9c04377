// The domain's app: the service's own process in the distributed profile.
import { project } from './project.mjs';

/** apps/<name>: its project and its main. */
export function serviceAppFiles(n) {
  return {
    [`apps/${n.name}/project.json`]: project(n.name, `apps/${n.name}`, 'application', [
      'type:app',
      `scope:${n.name}`,
    ]),
    [`apps/${n.name}/src/main.ts`]: `import 'reflect-metadata';
import { ${n.NAME}_APP } from '@nl/domain-${n.name}';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The ${n.name} service in the distributed profile: NATS queue group \`${n.name}\`, Postgres, Redis.
// Its HTTP port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: '${n.name}', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [${n.NAME}_APP]));
});
`,
  };
}
