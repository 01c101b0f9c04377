import 'reflect-metadata';
import { CBS_APP } from '@nl/domain-cbs';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The cbs service in the distributed profile: NATS queue group `cbs`, Postgres, Redis. Its HTTP
// port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'cbs', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [CBS_APP]));
});
