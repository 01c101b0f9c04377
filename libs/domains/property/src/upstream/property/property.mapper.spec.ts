import { readFileSync } from 'node:fs';
import { toPropertyRecord } from './property.mapper.js';
import type { RawPropertyRecord } from './property.types.js';

const SAMPLE = JSON.parse(
  readFileSync(new URL('./recorded/record.json', import.meta.url), 'utf8'),
) as RawPropertyRecord;

describe(toPropertyRecord.name, () => {
  it('should map the recorded record', () => {
    expect(toPropertyRecord(SAMPLE)).toEqual({ id: SAMPLE.id, name: SAMPLE.name });
  });

  it('should turn an empty name into null', () => {
    expect(toPropertyRecord({ id: 'x', name: '  ' })).toEqual({ id: 'x', name: null });
  });
});
