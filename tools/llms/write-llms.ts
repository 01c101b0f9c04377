import 'reflect-metadata';
import { generateLlmsFiles } from '@nl/composition';
import { LLMS_DIR } from '@nl/gateway-discovery';
import { writeFile } from 'node:fs/promises';

// `npm run llms`: rewrites llms.txt and llms-full.txt (served at /llms.txt and /llms-full.txt)
// from the catalog, the OpenAPI document and the answers the sandbox gives to each endpoint's
// first example, asked of the whole API started in this process. A test fails while the
// committed files differ.
const root = new URL('../../../', import.meta.url);
for (const [name, text] of Object.entries(await generateLlmsFiles())) {
  await writeFile(new URL(`${LLMS_DIR}/${name}`, root), text);
  process.stdout.write(`Wrote ${LLMS_DIR}/${name}: ${text.length} characters.\n`);
}
