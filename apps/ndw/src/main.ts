import 'reflect-metadata';
import { NDW_APP } from '@nl/domain-ndw';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The ndw service in the distributed profile: NATS queue group `ndw`, Postgres, Redis.
// Its HTTP port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'ndw', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [NDW_APP]));
});
