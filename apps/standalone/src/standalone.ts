import 'reflect-metadata';
import { everyPart } from '@nl/composition';
import { type DemoAccount, ensureDemoAccount, startBanner } from '@nl/gateway-app';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The whole API in one process: gateway and every domain on the in-process transport, embedded
// PGlite and memory caches unless DATABASE_URL / REDIS_URL say otherwise.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'standalone', profile: 'standalone' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  // The demo account is made before the app listens: once it is ready, the keys exist, and a
  // stop right then cannot leave them made but never printed (ensureDemoAccount finishes an
  // interrupted first start's account).
  let demo: DemoAccount | null = null;
  const { url } = await startApp(composeApp(config, logger, everyPart()), async (app) => {
    demo = await ensureDemoAccount(app);
  });
  process.stdout.write(startBanner(url, demo));
});
