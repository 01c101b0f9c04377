import 'reflect-metadata';
import { RDW_APP } from '@nl/domain-rdw';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The rdw service in the distributed profile: NATS queue group `rdw`, Postgres, Redis. Its HTTP
// port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'rdw', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [RDW_APP]));
});
