// The error codes each service subject can answer, read from the source: what the handler of
// the subject and the code it reaches throw, and what the transport answers on every subject.
// `npm run openapi` writes the result to service-error-codes.ts beside this file, which the
// AsyncAPI document lists per subject; a test fails when the committed file drifts. Reads the
// source tree: for the tools and tests, never the running gateway.
import { ENDPOINT_CATALOG, contractExports } from '@nl/contracts-catalog';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '@nl/contracts-core';
import { TRANSPORT_ERROR_CODES } from '@nl/platform-transport';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative as relativePath, resolve } from 'node:path';

/** Every export of the domains' contracts libs, by name: the subject maps and the catalog rows. */
const CONTRACTS = contractExports();

/**
 * Platform files that define errors rather than throw them (their helpers are read at the call).
 * The upstream error files only name the codes an upstream failure becomes: the shared cache
 * passes such failures on for every domain, but only a domain that asks an upstream has any.
 */
const DEFINITIONS = new Set([
  'libs/platform/errors/src/domain-error.ts',
  'libs/platform/upstream/src/upstream-error.ts',
  'libs/platform/upstream/src/upstream-errors.ts',
]);

/** A file that asks an upstream (injects a client or throws an upstream failure of its own). */
const ASKS_UPSTREAM = /\b(?:InjectUpstream|new UpstreamError|extends UpstreamError)\b/;

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.ts$/.test(entry.name) && !/\.(int-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** What one file contributes: codes it throws, files it reaches, subjects it calls. */
interface FileFacts {
  readonly codes: Set<ErrorCode>;
  readonly reaches: string[];
  readonly calls: string[];
}

export class ServiceErrorScan {
  private readonly facts = new Map<string, FileFacts>();
  private readonly bySubject = new Map<string, Set<ErrorCode>>();

  constructor(private readonly root: string) {}

  /** Each catalog subject a service handles, with every code it can answer (registry order). */
  codes(): Record<string, ErrorCode[]> {
    const handlers = filesUnder(join(this.root, 'libs/domains')).filter((f) =>
      f.endsWith('.handler.ts'),
    );
    const subjects = new Map<string, string>();
    for (const file of handlers) {
      const text = readFileSync(file, 'utf8');
      for (const [, map, key] of text.matchAll(/@MessagePattern\(\s*(\w+)\.(\w+)\s*\)/g)) {
        const subject = (CONTRACTS[map] as Record<string, string> | undefined)?.[key];
        if (!subject) throw new Error(`${file}: ${map}.${key} is no subject of the contracts`);
        subjects.set(subject, file);
      }
    }
    const out: Record<string, ErrorCode[]> = {};
    for (const { subject } of ENDPOINT_CATALOG) {
      const file = subjects.get(subject);
      if (file) out[subject] = this.ordered(this.subjectCodes(subject, file, subjects));
    }
    return out;
  }

  private ordered(codes: Set<ErrorCode>): ErrorCode[] {
    return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => codes.has(c));
  }

  private subjectCodes(subject: string, handler: string, subjects: Map<string, string>) {
    const known = this.bySubject.get(subject);
    if (known) return known;
    const codes = new Set<ErrorCode>(TRANSPORT_ERROR_CODES);
    this.bySubject.set(subject, codes);
    const seen = new Set<string>();
    const pending = [handler];
    while (pending.length) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const facts = this.read(file);
      for (const code of facts.codes) codes.add(code);
      pending.push(...facts.reaches);
      for (const called of facts.calls) {
        const callee = subjects.get(called);
        if (callee) for (const code of this.subjectCodes(called, callee, subjects)) codes.add(code);
      }
    }
    return codes;
  }

  private read(file: string): FileFacts {
    const known = this.facts.get(file);
    if (known) return known;
    const text = withoutComments(readFileSync(file, 'utf8'));
    const codes = new Set<ErrorCode>();
    const relative = relativePath(this.root, file);
    // Any error code the file spells out: thrown as a DomainError, or handed to an error class
    // or a variable of the domain's own (VAT's NoVerdict picks its code by what failed). Generous
    // on purpose: a code listed that is never answered costs a client a dead branch, a code
    // answered but not listed breaks a client that trusts the list.
    if (!DEFINITIONS.has(relative)) {
      for (const [, literal] of text.matchAll(/'([a-z_]+)'/g))
        if (isErrorCode(literal)) codes.add(literal);
      if (ASKS_UPSTREAM.test(text)) codes.add('upstream_unavailable').add('upstream_timeout');
    }
    if (/DomainError\.notFound\(/.test(text)) codes.add('not_found');
    if (/DomainError\.validation\(/.test(text)) codes.add('validation_failed');
    // An unreachable database crosses as database_unavailable (the handlers' exception filter).
    if (/from '(typeorm|@nl\/platform-database)'/.test(text)) codes.add('database_unavailable');
    const reaches: string[] = [];
    for (const [, typeOnly, names, from] of text.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g,
    )) {
      if (typeOnly) continue;
      if (from.startsWith('.')) reaches.push(this.resolve(file, from));
      else if (/^@nl\/platform-/.test(from)) reaches.push(...this.libFiles(from, names));
    }
    for (const [, from] of text.matchAll(/^export \* from '(\.[^']+)'/gm))
      reaches.push(this.resolve(file, from));
    const calls = [...text.matchAll(/\.call\(\s*(\w+_ENDPOINT)\b/g)].map(([, name]) => {
      const row = CONTRACTS[name] as { subject?: string } | undefined;
      if (!row?.subject) throw new Error(`${file}: ${name} is no catalog row`);
      return row.subject;
    });
    const facts = { codes, reaches, calls };
    this.facts.set(file, facts);
    return facts;
  }

  private resolve(from: string, specifier: string): string {
    const path = resolve(dirname(from), specifier.replace(/\.js$/, '.ts'));
    return existsSync(path) ? path : join(path.replace(/\.ts$/, ''), 'index.ts');
  }

  /** The files of a platform lib that define the names a file imports from it. */
  private libFiles(lib: string, names: string): string[] {
    const name = lib.split('/')[1].replace('platform-', '');
    const dir = join(this.root, 'libs/platform', name, 'src');
    const wanted = names
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]);
    return filesUnder(dir).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return wanted.some((name) =>
        new RegExp(`export (?:abstract |async )?(?:class|function|const) ${name}\\b`).test(text),
      );
    });
  }
}

/** The generated module the AsyncAPI document reads. */
export function serviceErrorCodesModule(codes: Record<string, ErrorCode[]>): string {
  return `// Generated by \`npm run openapi\` from the services' source (service-error-scan.ts); do not edit.
import type { ErrorCode } from '@nl/contracts-core';

/** Every error code each service subject can answer: its handler's, and the transport's own. */
export const SERVICE_ERROR_CODES: Readonly<Record<string, readonly ErrorCode[]>> = ${JSON.stringify(codes, null, 2)};
`;
}
