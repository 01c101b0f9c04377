import { pgliteDataDir } from './pglite-dir.js';

describe(pgliteDataDir.name, () => {
  it.each([
    [undefined, './.data'],
    ['  ', './.data'],
    [' memory ', null],
    ['/var/lib/nl ', '/var/lib/nl'],
  ])('should read PGLITE_DATA_DIR=%p as %p', (value, dataDir) => {
    expect(pgliteDataDir(value)).toBe(dataDir);
  });
});
