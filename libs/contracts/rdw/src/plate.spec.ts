import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { formatPlate, normalisePlate, sidecodeOf } from './plate.js';
import { PlateQuery } from './rdw.requests.js';

describe('Dutch plates', () => {
  it.each([
    ['AB1234', 1, 'AB-12-34'],
    ['1234AB', 2, '12-34-AB'],
    ['12AB34', 3, '12-AB-34'],
    ['AB12CD', 4, 'AB-12-CD'],
    ['ABCD12', 5, 'AB-CD-12'],
    ['12ABCD', 6, '12-AB-CD'],
    ['12ABC3', 7, '12-ABC-3'],
    ['1ABC23', 8, '1-ABC-23'],
    ['AB123C', 9, 'AB-123-C'],
    ['A123BC', 10, 'A-123-BC'],
    ['ABC12D', 11, 'ABC-12-D'],
    ['A12BCD', 12, 'A-12-BCD'],
    ['1AB234', 13, '1-AB-234'],
    ['123AB4', 14, '123-AB-4'],
    ['TT601D', 9, 'TT-601-D'],
    ['F794KP', 10, 'F-794-KP'],
    ['R759BK', 10, 'R-759-BK'],
  ])('%s is sidecode %i, shown as %s', (plate, sidecode, shown) => {
    expect(sidecodeOf(plate)).toBe(sidecode);
    expect(formatPlate(plate)).toBe(shown);
  });

  it.each(['XYZ', 'ABCDEF', '123456', 'AB12345', 'A1B2C3', '', 'TT-601-D!'])(
    '%j fits no sidecode',
    (plate) => {
      expect(sidecodeOf(normalisePlate(plate))).toBeNull();
    },
  );

  it('should normalise hyphens, spaces, dots and case to one form', () => {
    for (const raw of ['tt-601-d', 'TT601D', ' tt 601 d ', 'Tt.601.D'])
      expect(normalisePlate(raw)).toBe('TT601D');
  });

  it('should validate and normalise the query parameter', () => {
    const ok = plainToInstance(PlateQuery, { license_plate: 'tt-601.d' });
    expect(validateSync(ok)).toEqual([]);
    expect(ok.license_plate).toBe('TT601D');
    for (const sent of [' TT-601-D', 'TT--601D', 'TT601D-', 'T/T601D'])
      expect(validateSync(plainToInstance(PlateQuery, { license_plate: sent }))).not.toEqual([]);
    const bad = validateSync(plainToInstance(PlateQuery, { license_plate: 'XYZ' }));
    expect(JSON.stringify(bad)).toContain('Dutch licence plate');
    expect(validateSync(plainToInstance(PlateQuery, {}))).not.toEqual([]);
  });
});
