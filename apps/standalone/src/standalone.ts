import 'reflect-metadata';
import { everyPart } from '@nl/composition';
import { ensureDemoAccount, startBanner } from '@nl/gateway-access';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The whole API in one process: gateway and every domain on the in-process transport, embedded
// PGlite and memory caches unless DATABASE_URL / REDIS_URL say otherwise.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'standalone', profile: 'standalone' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  const { app, url } = await startApp(composeApp(config, logger, everyPart()));
  process.stdout.write(startBanner(url, await ensureDemoAccount(app)));
});
