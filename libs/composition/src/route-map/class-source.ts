import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// What the route map reads from a domain's source: where each class is, what it is given in its
// constructor, and what each of its methods calls, caches and asks. The source is prettier's
// (class members at two spaces, a member's closing brace alone at two spaces), so a method's
// body is the lines from its name to that brace.

/** One `cache.through(cacheKey(scope, policy, name), load)` call, as written. */
export interface CacheCall {
  /** The key's literal prefix (`lite:`), or null when the key is a variable given by the caller. */
  readonly prefix: string | null;
  /**
   * Its cache policy as written: a catalog row (`BAG_GET_ENDPOINT`), an upstream registration's
   * (`PDOK_UPSTREAM.cache`), or a variable (a row handed down by the caller).
   */
  readonly policy: string;
}

/** A method's body and what it reaches: `this.<member>.<method>(` and `this.<method>(`. */
export interface MethodFacts {
  readonly calls: ReadonlyArray<{ readonly member: string | null; readonly method: string }>;
  /** Key-shaped template literals (`` `lite:${…}` ``): the cache keys it builds. */
  readonly keys: readonly string[];
  readonly cacheCalls: readonly CacheCall[];
}

const KEY = /`([a-z][\w-]*:)\$\{/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.ts$/.test(entry.name) && !/\.(int-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

const CACHE_CALL =
  /\.through(?:<[^(]*>)?\(\s*cacheKey\(\s*\w+,\s*([\w.]+),\s*(`[a-z][\w-]*:\$\{|\w+)/g;

function cacheCalls(body: string): CacheCall[] {
  return [...body.matchAll(CACHE_CALL)].map(([, policy, name]) => ({
    prefix: name.startsWith('`') ? name.slice(1, -2) : null,
    policy,
  }));
}

/** The classes of one domain's source, read once. */
export class DomainSource {
  private readonly classes = new Map<string, { file: string; text: string; start: number }>();
  private readonly texts: string[] = [];

  constructor(
    readonly root: string,
    domain: string,
  ) {
    for (const file of filesUnder(join(root, 'libs/domains', domain, 'src'))) {
      const text = readFileSync(file, 'utf8');
      this.texts.push(text);
      for (const match of text.matchAll(/^export class (\w+)/gm))
        this.classes.set(match[1], { file, text, start: match.index ?? 0 });
    }
  }

  /** The file of a class, from the repository's root; null for a class not of this domain. */
  fileOf(name: string): string | null {
    const found = this.classes.get(name);
    return found ? found.file.slice(this.root.length).replace(/^\//, '') : null;
  }

  /** The text of a class, from `export class` to its closing brace at the line's start. */
  private body(name: string): string {
    const found = this.classes.get(name);
    if (!found) return '';
    const end = found.text.indexOf('\n}', found.start);
    return found.text.slice(found.start, end < 0 ? undefined : end);
  }

  /** Constructor members by name: `private readonly vehicles: VehicleService` → vehicles. */
  members(name: string): Map<string, string> {
    const ctor = /\n {2}constructor\(([\s\S]*?)\) \{\}/.exec(this.body(name))?.[1] ?? '';
    const members = new Map<string, string>();
    for (const [, member, type] of ctor.matchAll(
      /(?:private|protected|public)\s+(?:readonly\s+)?(\w+)\s*:\s*(\w+)/g,
    ))
      members.set(member, type);
    return members;
  }

  /** The upstreams a class is given (`@InjectUpstream('rdw')`). */
  upstreams(name: string): string[] {
    return [...this.body(name).matchAll(/@InjectUpstream\('([\w-]+)'\)/g)].map(([, u]) => u);
  }

  /** What one method of a class calls, caches and asks; empty for a method not found. */
  method(name: string, method: string): MethodFacts {
    const text = this.body(name);
    const start = new RegExp(
      `\\n {2}(?:(?:private|protected|public|async|static|readonly) )*${method}(?:<[^(]*>)?\\(`,
    ).exec(text);
    if (!start) return { calls: [], keys: [], cacheCalls: [] };
    const end = text.indexOf('\n  }', start.index + 1);
    const body = text.slice(start.index, end < 0 ? undefined : end);
    const calls = [...body.matchAll(/this\.(?:(\w+)\s*\.\s*)?(\w+)(?:<[^(]*>)?\(/g)].map(
      ([, member, called]) => ({ member: member ?? null, method: called }),
    );
    return {
      calls,
      keys: [...body.matchAll(KEY)].map(([, prefix]) => prefix),
      cacheCalls: cacheCalls(body),
    };
  }

  /**
   * The members of the cache policy an exported constant of the domain declares (an upstream
   * registration's `cache: { cacheTtlMs: DAY, staleIfErrorMs: 30 * DAY }`), as written.
   */
  cachePolicyOf(constant: string): Readonly<Record<string, string>> {
    for (const text of this.texts) {
      const start = text.indexOf(`export const ${constant} = {`);
      if (start < 0) continue;
      const declaration = text.slice(start, text.indexOf('\n}', start));
      const policy = /\n {2}cache: \{([^}]*)\}/.exec(declaration)?.[1] ?? '';
      return Object.fromEntries(
        [...policy.matchAll(/(\w+):\s*([^,]+)/g)].map(([, member, value]) => [
          member,
          value.trim(),
        ]),
      );
    }
    return {};
  }
}
