import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { appCacheDir } from '@nl/platform-config/cache-dir';
import { DatabaseLockedError, lockDataDir } from './data-dir-lock.js';
import { unpackDirectory } from './template-archive.js';

// Kept free of Nest and TypeORM imports: the standalone main opens the embedded database, this
// template first, before it loads the rest of the app (embedded-start.ts).

/**
 * Runs in a child process: PGlite's initdb into argv[2]. In the serving process it would cost ~2 s
 * and ~500 MB of WebAssembly memory that stays resident; a child returns it all to the system when
 * it exits.
 */
const INITDB = `const { PGlite } = require(process.argv[1]);
PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close());`;

export function pglitePackage(): { entry: string; version: string } {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { entry, version };
}

function initdb(entry: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      // Liftoff only: TurboFan would compile initdb's hot functions on the side, which made it
      // take ~1.7 times as long (3.1 s against 5.4 s on a busy 2-core machine).
      ['--liftoff-only', '-e', INITDB, entry, target],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`PGlite initdb failed: ${error.message}\n${stderr.slice(-2_000)}`))
          : resolve(),
    );
  });
}

/**
 * The initdb output of PGlite `version` as the repository ships it (packed by
 * tools/scripts/pack-pglite-template.mjs), if it does: a first start unpacks it in a few hundred ms
 * instead of running initdb for a few seconds. Another version runs initdb.
 */
export function shippedTemplate(version: string): URL | null {
  const url = new URL(`./data/pglite-${version}.dir.br`, import.meta.url);
  return existsSync(url) ? url : null;
}

/**
 * Builds the template in a directory of its own and renames it into place, so a process that
 * dies half-way leaves no half template, and of processes that build at once the first rename
 * wins and the others use it.
 */
async function buildTemplate(entry: string, version: string, template: string): Promise<void> {
  const scratch = `${template}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`;
  try {
    const shipped = shippedTemplate(version);
    if (shipped) unpackDirectory(readFileSync(shipped), scratch);
    else await initdb(entry, scratch);
    await rename(scratch, template).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Where the template of the installed PGlite version is, or will be. */
function templatePath(): { entry: string; version: string; template: string } {
  const { entry, version } = pglitePackage();
  return { entry, version, template: join(appCacheDir(), `pglite-${version}`) };
}

/** Whether the template is there (`npm run build` starts making it when not). */
export function pgliteTemplateExists(): boolean {
  return existsSync(join(templatePath().template, 'PG_VERSION'));
}

/**
 * Makes the template unless it is there. One process at a time, under `<template>.lock`: the
 * others (a start beside the build that began it, parallel test workers) wait for it instead
 * of running a second initdb on the same cores; a maker that died leaves a stale lock, taken over.
 */
async function ensureTemplate(entry: string, version: string, template: string): Promise<void> {
  while (!existsSync(join(template, 'PG_VERSION'))) {
    let release: () => void;
    try {
      release = lockDataDir(template);
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    try {
      if (!existsSync(join(template, 'PG_VERSION'))) await buildTemplate(entry, version, template);
    } finally {
      release();
    }
  }
}

let pending: Promise<string> | undefined;

/**
 * The path of an initialised, never opened PGlite data directory for the installed PGlite
 * version; the first call of a machine creates it (a few seconds, in a child process). New data
 * directories are copies of it.
 */
export function pgliteTemplate(): Promise<string> {
  pending ??= (async () => {
    const { entry, version, template } = templatePath();
    await ensureTemplate(entry, version, template);
    return template;
  })();
  // A failed build may be retried by the next caller.
  pending.catch(() => (pending = undefined));
  return pending;
}
