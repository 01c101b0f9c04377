import 'reflect-metadata';
import { everyPart } from '@nl/composition';
import { ensureDemoAccount } from '@nl/gateway-access';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, runMain, startApp } from '@nl/platform-runtime';

// The whole API in one process: gateway and every domain on the in-process transport, embedded
// PGlite and memory caches unless DATABASE_URL / REDIS_URL say otherwise.
await runMain(async () => {
  const config = loadPlatformConfig({ service: 'standalone', profile: 'standalone' });
  const logger = createLogger({ service: config.service, level: config.log.level });
  const { app, url } = await startApp(composeApp(config, logger, everyPart()));
  const demo = await ensureDemoAccount(app);
  const key = demo
    ? `  Demo account (Trial, 100 credits). Your API key, shown only this once:\n\n      ${demo.key}\n\n  Try:    curl -s -H 'X-Api-Key: ${demo.key}' '${url}/v1/cbs/sbi/62.10'\n`
    : `  Use the API key printed at the first start (npm run admin -- help, or the /admin API, makes more).\n  Try:    curl -s -H 'X-Api-Key: <your key>' '${url}/v1/cbs/sbi/62.10'\n`;
  process.stdout.write(`
  NL Data API (standalone) is listening on ${url}
  Docs:   ${url}/docs     OpenAPI: ${url}/openapi.json
${key}
`);
});
