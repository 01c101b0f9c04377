import { Inject } from '@nestjs/common';
import { UPSTREAM_OFF, type EnvVarSpec, type UpstreamKind } from './env-vars.js';
import { ConfigError } from './config-error.js';

/** Where each kind of upstream variable points when the environment leaves it unset. */
export type UpstreamStandIns = Readonly<Record<UpstreamKind, string>>;

/** The key of an environment's {@link UpstreamStandIns}; see {@link withUpstreamStandIns}. */
export const UPSTREAM_STAND_INS: unique symbol = Symbol('upstream-stand-ins');

/** The raw environment a process was configured from (`process.env`, or a test's overrides). */
export type EnvSource = Readonly<Record<string, string | undefined>> & {
  readonly [UPSTREAM_STAND_INS]?: UpstreamStandIns;
};

/**
 * `env` with every upstream variable it leaves unset pointed at `standIns` instead of its
 * production default (the test profile's local addresses). A value `env` sets, `off` included,
 * still wins.
 */
export function withUpstreamStandIns(env: EnvSource, standIns: UpstreamStandIns): EnvSource {
  return { ...env, [UPSTREAM_STAND_INS]: standIns };
}

/**
 * Typed reads of a section's variables. Every read names a variable the section declares (so
 * each one is documented), falls back to its declared default, and records a problem instead
 * of throwing, so a start lists every bad variable at once.
 */
export interface ConfigReader {
  /** The trimmed value or the declared default; null when neither is set. */
  string(name: string): string | null;
  /** An http(s) URL (or one of `protocols`), null when unset or an upstream switched `off`. */
  url(name: string, protocols?: readonly string[]): string | null;
  /** A comma-separated list of http(s) URLs; empty when unset or an upstream switched `off`. */
  urls(name: string): string[];
  /** A comma-separated list; empty when unset. */
  list(name: string): string[];
  /** A number within [min, max]; integers only unless `fraction`. */
  number(name: string, min: number, max: number, fraction?: boolean): number;
  /** Records a problem found by the section's own rules. */
  problem(message: string): void;
}

/**
 * What one part of the product (the gateway, a domain) reads from the environment: its
 * variables, documented where they are declared, and how they become its typed settings. Only
 * the processes that run the part load it, so a service never holds another one's secrets.
 */
export interface ConfigSection<T> {
  readonly name: string;
  readonly vars: readonly EnvVarSpec[];
  readonly parse: (read: ConfigReader) => T;
  /** Injection token of the parsed settings. */
  readonly token: symbol;
}

export function defineConfigSection<T>(
  name: string,
  vars: readonly EnvVarSpec[],
  parse: (read: ConfigReader) => T,
): ConfigSection<T> {
  return { name, vars, parse, token: Symbol(`config:${name}`) };
}

/** Injects the parsed settings of a section. */
export const InjectConfig = (section: ConfigSection<unknown>) => Inject(section.token);

export function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const HTTP = ['http:', 'https:'];

/** A reader over `vars`; problems go to `problems`. */
export function configReader(
  vars: readonly EnvVarSpec[],
  env: EnvSource,
  problems: string[],
): ConfigReader {
  const specOf = (name: string): EnvVarSpec => {
    const spec = vars.find((v) => v.name === name);
    if (!spec) throw new Error(`${name} is read but not declared in its config section`);
    return spec;
  };
  const string = (name: string): string | null => {
    const spec = specOf(name);
    const value = env[name]?.trim();
    if (value) return value;
    const standIn = spec.upstream ? env[UPSTREAM_STAND_INS]?.[spec.upstream] : undefined;
    return standIn ?? spec.default ?? null;
  };
  /** True when `value` switches the upstream `name` off; only `http` upstreams know `off`. */
  const off = (name: string, value: string | null) =>
    value?.toLowerCase() === UPSTREAM_OFF && specOf(name).upstream === 'http';
  const orOff = (name: string) => (specOf(name).upstream === 'http' ? `, or ${UPSTREAM_OFF}` : '');
  const list = (name: string) =>
    (string(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    string,
    list,
    url: (name, protocols = HTTP) => {
      const value = string(name);
      if (value === null || off(name, value)) return null;
      if (!isUrl(value, protocols))
        problems.push(
          `${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL${orOff(name)}`,
        );
      return value;
    },
    urls: (name) => {
      if (off(name, string(name))) return [];
      const values = list(name);
      if (values.some((u) => !isUrl(u, HTTP)))
        problems.push(`${name} must be http(s) URLs${orOff(name)}`);
      return values;
    },
    number: (name, min, max, fraction = false) => {
      const value = Number(string(name));
      if (!(value >= min && value <= max) || (!fraction && !Number.isInteger(value)))
        problems.push(
          `${name} must be ${fraction ? 'a number' : 'an integer'} from ${min} to ${max}`,
        );
      return value;
    },
    problem: (message) => problems.push(message),
  };
}

/** One section's parsed settings, and its variables as resolved (secrets redacted) for logs. */
export interface ResolvedSection {
  readonly section: ConfigSection<unknown>;
  readonly value: unknown;
  readonly resolved: Readonly<Record<string, string | null>>;
}

/** Parses each distinct section from `env`; throws one {@link ConfigError} listing every problem. */
export function loadConfigSections(
  sections: readonly ConfigSection<unknown>[],
  env: EnvSource,
): ResolvedSection[] {
  const problems: string[] = [];
  const distinct = [...new Set(sections)];
  const loaded = distinct.map((section) => {
    const read = configReader(section.vars, env, problems);
    const value = section.parse(read);
    const resolved = Object.fromEntries(
      section.vars.map((v) => {
        const raw = read.string(v.name);
        return [v.name, raw !== null && v.secret ? '***' : raw];
      }),
    );
    return { section, value, resolved };
  });
  if (problems.length) throw new ConfigError(problems);
  return loaded;
}
