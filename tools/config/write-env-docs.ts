import { GENERATED_PAGES, renderEnvExample, withEnvTable } from '@nl/composition';
import { readFile, writeFile } from 'node:fs/promises';

// `npm run env-docs`: rewrites `.env.example` and the configuration table of
// docs/configuration.md from the variables the platform, the gateway and every domain declare.
// A test fails when they drift.
const root = new URL('../../../', import.meta.url);
const page = new URL(GENERATED_PAGES.envTable, root);
await writeFile(new URL('.env.example', root), renderEnvExample());
await writeFile(page, withEnvTable(await readFile(page, 'utf8')));
process.stdout.write(
  `Wrote .env.example and the configuration table of ${GENERATED_PAGES.envTable}.\n`,
);
