import { readFileSync } from 'node:fs';
import { BASE_URL_PLACEHOLDER } from './llms-text.js';

/** Where the committed files are in the repository, for `npm run llms` and its drift test. */
export const LLMS_DIR = 'libs/gateway/discovery/src/data';

/** The committed files (`npm run llms` writes them), beside this module in the build too. */
export const LLMS_FILES = {
  'llms.txt': new URL('./data/llms.txt', import.meta.url),
  'llms-full.txt': new URL('./data/llms-full.txt', import.meta.url),
} as const;

export type LlmsFileName = keyof typeof LLMS_FILES;

/**
 * The llms files as served: read once, and with the base callers reach the API at in place of
 * the placeholder, kept for the last base asked (one base per server, unless a trusted proxy
 * forwards several hosts).
 */
export class LlmsFiles {
  private readonly committed = new Map<LlmsFileName, string>();
  private readonly served = new Map<LlmsFileName, { base: string; text: string }>();

  text(name: LlmsFileName, base: string): string {
    const last = this.served.get(name);
    if (last?.base === base) return last.text;
    let committed = this.committed.get(name);
    if (committed === undefined) {
      committed = readFileSync(LLMS_FILES[name], 'utf8');
      this.committed.set(name, committed);
    }
    const text = committed.replaceAll(BASE_URL_PLACEHOLDER, base);
    this.served.set(name, { base, text });
    return text;
  }
}
