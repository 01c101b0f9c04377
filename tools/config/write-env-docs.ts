import { renderEnvExample, withEnvTable } from '@nl/composition';
import { readFile, writeFile } from 'node:fs/promises';

// `npm run env-docs`: rewrites `.env.example` and the README's configuration table from the
// variables the platform, the gateway and every domain declare. A test fails when they drift.
const root = new URL('../../../', import.meta.url);
const readme = new URL('README.md', root);
await writeFile(new URL('.env.example', root), renderEnvExample());
await writeFile(readme, withEnvTable(await readFile(readme, 'utf8')));
process.stdout.write('Wrote .env.example and the README configuration table.\n');
