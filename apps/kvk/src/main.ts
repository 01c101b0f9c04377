import 'reflect-metadata';
import { KVK_APP } from '@nl/domain-kvk';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The kvk service in the distributed profile: NATS queue group `kvk`, Postgres, Redis.
// Its HTTP port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'kvk', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [KVK_APP]));
});
