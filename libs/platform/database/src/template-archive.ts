import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

// Kept free of Nest and TypeORM imports, like pglite-template, which uses it.

/** A file or folder of an archived directory; folders are listed, as Postgres needs its empty ones. */
interface Entry {
  readonly path: string;
  readonly dir?: true;
  readonly size?: number;
  readonly mode: number;
}

/**
 * A directory as one Brotli-compressed buffer: a 4-byte length, a JSON list of its entries, then
 * the files' bytes in that order. What `npm start` ships of PGlite's initdb (39 MB, 1.7 MB packed):
 * unpacked in a few hundred ms instead of a few seconds of initdb.
 */
export function packDirectory(root: string): Buffer {
  const entries: Entry[] = [];
  const parts: Buffer[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = statSync(path);
      const rel = relative(root, path);
      if (stat.isDirectory()) {
        entries.push({ path: rel, dir: true, mode: stat.mode & 0o777 });
        walk(path);
      } else {
        const bytes = readFileSync(path);
        entries.push({ path: rel, size: bytes.length, mode: stat.mode & 0o777 });
        parts.push(bytes);
      }
    }
  };
  walk(root);
  const header = Buffer.from(JSON.stringify(entries));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  // Blocks of 16 MB (LGBLOCK 24) instead of brotli's default: PGlite's initdb output packs into
  // 1.16 MB instead of 1.72 MB at the same quality, and unpacks no slower (~75-80 ms either way).
  return brotliCompressSync(Buffer.concat([length, header, ...parts]), {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_LGBLOCK]: 24,
    },
  });
}

/** Writes what {@link packDirectory} packed into `target` (made, or merged into). */
export function unpackDirectory(packed: Buffer, target: string): void {
  const raw = brotliDecompressSync(packed);
  const headerLength = raw.readUInt32BE(0);
  const entries = JSON.parse(raw.toString('utf8', 4, 4 + headerLength)) as Entry[];
  let at = 4 + headerLength;
  mkdirSync(target, { recursive: true });
  for (const entry of entries) {
    const path = join(target, entry.path);
    if (relative(target, path).startsWith('..')) throw new Error(`bad archive entry ${entry.path}`);
    if (entry.dir) {
      mkdirSync(path, { recursive: true, mode: entry.mode });
      continue;
    }
    const size = entry.size ?? 0;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, raw.subarray(at, at + size), { mode: entry.mode });
    chmodSync(path, entry.mode);
    at += size;
  }
  if (at !== raw.length) throw new Error('the archive is longer than its entries');
}
