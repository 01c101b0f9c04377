import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProductInfo {
  readonly version: string;
  readonly license: string;
}

/**
 * The product's version and license as its `package.json` states them: the nearest one above
 * this file that has a version (the build writes a `dist/package.json` with only `type`, and the
 * image copies the root one beside `dist`), so the documents never carry a version of their own.
 */
export function readProductInfo(from = fileURLToPath(import.meta.url)): ProductInfo {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<ProductInfo>;
      if (typeof manifest.version === 'string')
        return { version: manifest.version, license: manifest.license ?? 'UNLICENSED' };
    }
    if (dirname(dir) === dir) throw new Error(`no package.json with a version above ${from}`);
  }
}
