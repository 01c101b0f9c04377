import { readFileSync } from 'node:fs';
import { toChargePointItem, toChargePointRow } from './ocpi.mapper.js';
import type { OcpiLocation } from './ocpi.types.js';

const [WIBAUTHOF] = JSON.parse(
  readFileSync(new URL('../../data/charging_point_locations_ocpi.json', import.meta.url), 'utf8'),
) as OcpiLocation[];

describe(toChargePointItem.name, () => {
  it('should map the recorded location field by field', () => {
    expect(toChargePointItem(WIBAUTHOF)).toEqual({
      id: 'af101dc8-3629-40d6-9093-d5e83d9bfc47',
      name: 'Wibauthof',
      address: 'Wibauthof 20',
      city: "'s-Hertogenbosch",
      postcode: '5237 CS',
      coordinates: { latitude: 51.727916, longitude: 5.298283 },
      operator: 'Vattenfall InCharge',
      connectors: [
        { standard: 'IEC_62196_T2', format: 'SOCKET', power_type: 'AC_3_PHASE', power_kw: 11.04 },
        { standard: 'IEC_62196_T2', format: 'SOCKET', power_type: 'AC_3_PHASE', power_kw: 11.04 },
      ],
      evses: [
        { evse_id: 'NL*NUO*EALF*0065319*2', status: 'AVAILABLE', connectors: [expect.any(Object)] },
        { evse_id: 'NL*NUO*EALF*0065319*1', status: 'CHARGING', connectors: [expect.any(Object)] },
      ],
      available: 1,
      total: 2,
      max_power_kw: 11.04,
      last_updated: '2026-07-24T16:02:36Z',
    });
  });

  it('should not count UNKNOWN as available', () => {
    const evses = (WIBAUTHOF.evses ?? []).map((e) => ({ ...e, status: 'UNKNOWN' }));
    expect(toChargePointItem({ ...WIBAUTHOF, evses })).toMatchObject({ available: 0, total: 2 });
  });

  it.each([
    ['no coordinates', { coordinates: null }],
    ['coordinates that are no numbers', { coordinates: { latitude: 'x', longitude: '5' } }],
    ['no id', { id: '' }],
    ['publish false', { publish: false }],
  ])('should leave out a location with %s', (_what, change) => {
    expect(toChargePointItem({ ...WIBAUTHOF, ...change } as OcpiLocation)).toBeNull();
  });
});

describe(toChargePointRow.name, () => {
  it('should key city, postcode and operator for the filters', () => {
    const item = toChargePointItem(WIBAUTHOF);
    expect(item && toChargePointRow(item)).toMatchObject({
      city_key: "'s-hertogenbosch",
      postcode_key: '5237CS',
      operator_key: 'vattenfall incharge',
      lat: 51.727916,
      lon: 5.298283,
      max_power_kw: 11.04,
      standards: ['IEC_62196_T2'],
      available: 1,
    });
  });
});
