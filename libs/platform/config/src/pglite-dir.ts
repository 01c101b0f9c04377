// Free of imports: the standalone main reads it before the app (and Nest) loads.

/**
 * Where the embedded database lives, from PGLITE_DATA_DIR as given: unset or blank means
 * `./.data`; `memory` means a scratch copy that is gone at exit (null).
 */
export function pgliteDataDir(value: string | null | undefined): string | null {
  const dataDir = value?.trim() || './.data';
  return dataDir === 'memory' ? null : dataDir;
}
