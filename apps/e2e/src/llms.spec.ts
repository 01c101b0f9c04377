import { generateLlmsFiles } from '@nl/composition';
import { LLMS_DIR, type LlmsFileName } from '@nl/gateway-discovery';
import { readFile } from 'node:fs/promises';

// llms.txt and llms-full.txt: what `npm run llms` writes from the catalog, the OpenAPI document
// and the sandbox's answers (the whole API started in this process), kept as committed.
describe('the llms files', () => {
  let generated: Record<LlmsFileName, string>;
  beforeAll(async () => {
    generated = await generateLlmsFiles();
  }, 60_000);

  it.each(['llms.txt', 'llms-full.txt'] as const)(
    'should match the committed %s (run `npm run llms` after changing the catalog or a recording)',
    async (name) => {
      const committed = await readFile(
        new URL(`../../../${LLMS_DIR}/${name}`, import.meta.url),
        'utf8',
      );
      expect(committed === generated[name]).toBe(true);
    },
  );
});
