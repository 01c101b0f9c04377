import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Every domain has the same shape (docs/architecture.md, docs/adding-a-domain.md), so the next
// one is written by filling in the template `npm run new-domain` creates, not by copying one of
// several shapes.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOMAINS = readdirSync(join(ROOT, 'libs/domains'));

/** Top-level folders that are not capabilities. */
const RESERVED = new Set(['upstream', 'persistence', 'data']);

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const isDir = (path: string) => statSync(path).isDirectory();

function filesUnder(dir: string): string[] {
  return entries(dir).flatMap((name) => {
    const path = join(dir, name);
    return isDir(path) ? filesUnder(path) : [path];
  });
}

describe.each(DOMAINS)('the %s domain', (domain) => {
  const src = join(ROOT, 'libs/domains', domain, 'src');
  const top = entries(src);
  const capabilities = top.filter((n) => isDir(join(src, n)) && !RESERVED.has(n));

  it('should have the template’s top-level files and nothing else loose', () => {
    const required = ['index.ts', `${domain}.app.ts`, `${domain}.module.ts`, `${domain}.config.ts`];
    const optional = [`${domain}.database.ts`];
    const files = top.filter((n) => !isDir(join(src, n)));
    expect(files.filter((f) => !required.includes(f) && !optional.includes(f))).toEqual([]);
    expect(required.filter((f) => !files.includes(f))).toEqual([]);
  });

  it('should have a handler and a service in every capability folder, handlers nowhere else', () => {
    expect(capabilities.length).toBeGreaterThan(0);
    for (const capability of capabilities) {
      const files = entries(join(src, capability));
      expect({ capability, files }).toEqual({
        capability,
        files: expect.arrayContaining([`${capability}.handler.ts`, `${capability}.service.ts`]),
      });
    }
    const handlers = filesUnder(src).filter((f) => f.endsWith('.handler.ts'));
    expect(handlers.map((f) => f.slice(src.length + 1)).sort()).toEqual(
      capabilities.map((c) => `${c}/${c}.handler.ts`).sort(),
    );
  });

  it('should keep each upstream in its own folder: client or dataset, types, mapper and its spec', () => {
    for (const provider of entries(join(src, 'upstream'))) {
      const files = entries(join(src, 'upstream', provider));
      expect({ provider, files }).toEqual({
        provider,
        files: expect.arrayContaining([
          `${provider}.types.ts`,
          `${provider}.mapper.ts`,
          `${provider}.mapper.spec.ts`,
        ]),
      });
      const sources = files.filter(
        (f) => f === `${provider}.client.ts` || f === `${provider}.dataset.ts`,
      );
      expect({ provider, sources: sources.length }).toEqual({ provider, sources: 1 });
    }
  });

  it('should ship a recording with provenance beside every per-request upstream client (the sandbox)', () => {
    for (const provider of entries(join(src, 'upstream'))) {
      const dir = join(src, 'upstream', provider);
      if (!existsSync(join(dir, `${provider}.client.ts`))) continue;
      expect({ provider, files: entries(dir) }).toEqual({
        provider,
        files: expect.arrayContaining([`${provider}.recording.ts`, 'recorded']),
      });
      expect({ provider, provenance: existsSync(join(dir, 'recorded', 'PROVENANCE.md')) }).toEqual({
        provider,
        provenance: true,
      });
    }
  });

  it('should keep its subjects in its contracts’ subjects file', () => {
    const contracts = join(ROOT, 'libs/contracts', domain, 'src');
    expect(existsSync(join(contracts, `${domain}.subjects.ts`))).toBe(true);
    const elsewhere = filesUnder(contracts).filter(
      (f) => !f.endsWith(`${domain}.subjects.ts`) && /_SUBJECTS = \{/.test(readFileSync(f, 'utf8')),
    );
    expect(elsewhere).toEqual([]);
  });

  it('should leave upstream_not_configured to the platform’s upstream module', () => {
    const building = filesUnder(src).filter((f) =>
      readFileSync(f, 'utf8').includes('upstream_not_configured'),
    );
    expect(building).toEqual([]);
  });
});
