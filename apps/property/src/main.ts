import 'reflect-metadata';
import { PROPERTY_APP } from '@nl/domain-property';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The property service in the distributed profile: NATS queue group `property`, Postgres, Redis.
// Its HTTP port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'property', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [PROPERTY_APP]));
});
