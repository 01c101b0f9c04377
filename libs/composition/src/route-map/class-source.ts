import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// What the route map reads from a domain's source: where each class is, what it is given in its
// constructor, and what each of its methods calls, caches and asks. The source is prettier's
// (class members at two spaces, a member's closing brace alone at two spaces), so a method's
// body is the lines from its name to that brace.

/** One `cache.getOrLoad(key, load, { ttlMs, staleMs })` call, as written. */
export interface CacheCall {
  /** The key's literal prefix (`lite:`), or null when the key is a variable given by the caller. */
  readonly prefix: string | null;
  readonly ttl: string | null;
  readonly stale: string | null;
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

function cacheCalls(body: string): CacheCall[] {
  const calls = [...body.matchAll(/\.getOrLoad(?:<[^(]*>)?\(\s*([^,]+),/g)];
  return calls.map((match, i) => {
    const key = match[1].trim();
    // Its options: the first ttlMs and staleMs after it, before the next call.
    const options = body.slice((match.index ?? 0) + match[0].length, calls[i + 1]?.index);
    const ttl = /ttlMs:\s*([^,\n}]+)/.exec(options)?.[1]?.trim() ?? null;
    return {
      prefix: key.startsWith('`') ? ([...key.matchAll(KEY)][0]?.[1] ?? null) : null,
      ttl: ttl?.startsWith('(') ? 'computed per answer' : ttl,
      stale: /staleMs:\s*([^,\n}]+)/.exec(options)?.[1]?.trim() ?? null,
    };
  });
}

/** The classes of one domain's source, read once. */
export class DomainSource {
  private readonly classes = new Map<string, { file: string; text: string; start: number }>();

  constructor(
    readonly root: string,
    domain: string,
  ) {
    for (const file of filesUnder(join(root, 'libs/domains', domain, 'src'))) {
      const text = readFileSync(file, 'utf8');
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

  /** The expression a constant of the class's file is declared with (`STALE_MS = 7 * DAY`). */
  constantOf(name: string, constant: string): string | null {
    const text = this.classes.get(name)?.text ?? '';
    return new RegExp(`^const ${constant} = ([^;]+);`, 'm').exec(text)?.[1]?.trim() ?? null;
  }
}
