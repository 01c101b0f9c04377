import 'reflect-metadata';
import { VALIDATION_APP } from '@nl/domain-validation';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The validation service in the distributed profile: NATS queue group `validation`, Postgres, Redis. Its HTTP
// port serves only /health/* and /metrics.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'validation', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [VALIDATION_APP]));
});
