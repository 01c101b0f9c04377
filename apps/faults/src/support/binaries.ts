// Where the servers the fault suite runs privately are installed. Debian's packages put them in
// fixed places (nats-server, redis-server, PostgreSQL per major version); PATH is the fallback.
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, name);
    if (dir && existsSync(file)) return file;
  }
  return null;
}

function find(name: string, known: string): string | null {
  return existsSync(known) ? known : onPath(name);
}

/** The newest PostgreSQL under /usr/lib/postgresql, else the directory of `postgres` on PATH. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return join(root, versions[0], 'bin');
  const postgres = onPath('postgres');
  return postgres && onPath('initdb') ? join(postgres, '..') : null;
}

export const BINARIES = {
  nats: find('nats-server', '/usr/sbin/nats-server'),
  redis: find('redis-server', '/usr/bin/redis-server'),
  postgres: postgresBin(),
};

/** What is missing to run the suite here, by package name; empty when it can run. */
export function missingBinaries(): string[] {
  return Object.entries({
    'nats-server': BINARIES.nats,
    'redis-server': BINARIES.redis,
    'PostgreSQL (initdb, postgres)': BINARIES.postgres,
  })
    .filter(([, path]) => path === null)
    .map(([name]) => name);
}
