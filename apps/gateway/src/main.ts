import 'reflect-metadata';
import { gatewayApp } from '@nl/gateway-app';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The public HTTP API in the distributed profile: forwards over NATS to the domain services.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'gateway', profile: 'distributed' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  await startApp(composeApp(config, logger, [gatewayApp()]));
});
