import type { VehicleFacts } from './vehicle-criteria.js';
import { evaluate } from './zone-rules.js';
import { RDW, UNKNOWN, vehicle } from './fixtures/vehicles.js';
import { conditionOf, zoneNamed } from '../upstream/emissionzones/fixtures/recorded-zones.js';

const NOW = new Date('2026-11-24T12:00:00Z');

/**
 * Every kind of vehicle rule in the recorded NDW files, as published (the condition is read
 * from the file by zone and id), against a vehicle that meets it, one that does not and one
 * whose fact the register lacks.
 */
const RULES: [string, string, string, VehicleFacts, VehicleFacts, VehicleFacts][] = [
  // [rule, zone, condition id end, meets, does not, unknown]
  [
    'category n1',
    'ZE Utrecht',
    'restriction_VC_5',
    vehicle({ category: 'N1' }),
    RDW.TT601D,
    RDW['02JLT3'],
  ],
  ['category m1', 'LEZ Den Haag', 'euro4Exemption_VC_1', RDW.TT601D, RDW.F794KP, RDW['02JLT3']],
  [
    'category group m (M1–M3)',
    'LEZ Amsterdam',
    'euro4Exemption_VC_0',
    RDW.TT601D,
    vehicle({ category: 'N1' }),
    RDW['02JLT3'],
  ],
  [
    'category group n (N1–N3)',
    'LEZ Amsterdam',
    'euro4Exemption_VC_4',
    vehicle({ category: 'N3' }),
    RDW.TT601D,
    RDW['02JLT3'],
  ],
  [
    'euro5',
    'LEZ Amsterdam',
    'euro4Exemption_EC_4',
    RDW.TT601D,
    vehicle({ euroClass: 6 }),
    RDW.F794KP,
  ],
  ['euro6', 'ZE Utrecht', 'euro6Exemption_EC_5', vehicle({ euroClass: 6 }), RDW.TT601D, RDW.F794KP],
  [
    'extended euro4',
    'LEZ Amsterdam',
    'euro4Exemption_EC_3',
    vehicle({ euroClass: 4 }),
    RDW.TT601D,
    RDW.F794KP,
  ],
  [
    'extended euro1',
    'LEZ Rotterdam Maasvlakte',
    'euro1Exemption_EC_0',
    vehicle({ euroClass: 1 }),
    RDW.TT601D,
    RDW.R759BK,
  ],
  [
    'fuel diesel, any vehicle',
    'LEZ Amsterdam',
    'restriction_VC',
    RDW.TT601D,
    RDW.F794KP,
    RDW.R759BK,
  ],
  [
    'fuel battery',
    'ZE Utrecht',
    'zeroEmissionExemption_FT_1',
    vehicle({ fuels: ['elektriciteit'] }),
    RDW.TT601D,
    RDW.R759BK,
  ],
  [
    'fuel battery (a hybrid is not)',
    'ZE Utrecht',
    'zeroEmissionExemption_FT_1',
    vehicle({ fuels: ['elektriciteit'] }),
    vehicle({ fuels: ['benzine', 'elektriciteit'] }),
    RDW['02JLT3'],
  ],
  [
    'fuel hydrogen',
    'ZE Utrecht',
    'zeroEmissionExemption_FT_6',
    vehicle({ fuels: ['waterstof'] }),
    RDW.TT601D,
    RDW.R759BK,
  ],
  [
    'usage taxi',
    'LEZ Amsterdam',
    'taxiExemption_VU',
    RDW['02JLT3'],
    RDW.TT601D,
    vehicle({ category: 'M1' }),
  ],
  [
    'first registration ≥ 2009',
    'LEZ Amsterdam',
    'taxiExemption_FA',
    RDW['02JLT3'],
    vehicle({ firstAdmission: '2008-12-31' }),
    UNKNOWN,
  ],
  [
    'age ≥ 40',
    'LEZ Amsterdam',
    'oldtimerExemption_A',
    vehicle({ firstAdmission: '1986-11-24' }),
    RDW.TT601D,
    UNKNOWN,
  ],
  ['age < 13', 'ZE Utrecht', 'specialVehicleExemption_A', RDW.R759BK, RDW.TT601D, UNKNOWN],
  [
    'special purpose motorCaravan',
    'ZE Utrecht',
    'camperExemption_SPV_4',
    vehicle({ bodyCodes: ['SA'] }),
    RDW.TT601D,
    RDW.R759BK,
  ],
  [
    'special purpose armouredVehicle',
    'ZE Utrecht',
    'specialVehicleExemption_SPV_1',
    vehicle({ bodyCodes: ['SB'] }),
    RDW.TT601D,
    RDW.R759BK,
  ],
  [
    'special purpose mobileCrane',
    'ZE Utrecht',
    'specialVehicleExemption_SPV_3',
    vehicle({ bodyCodes: ['BA', 'SF'] }),
    RDW.TT601D,
    RDW.F794KP,
  ],
  [
    'special purpose wheelChairAccessibleVehicle',
    'ZE Utrecht',
    'wheelChairExemption_SPV_7',
    vehicle({ bodyCodes: ['SH'] }),
    RDW.TT601D,
    RDW['02JLT3'],
  ],
];

describe('vehicle rules of the recorded zone files', () => {
  describe.each(RULES)('%s (%s, …_%s)', (_rule, zone, id, meets, fails, unknown) => {
    const condition = conditionOf(zoneNamed(zone), id);

    it('should hold for a vehicle that meets it', () => {
      expect(evaluate(condition, meets, NOW)).toBe(true);
    });
    it('should not hold for a vehicle that does not', () => {
      expect(evaluate(condition, fails, NOW)).toBe(false);
    });
    it('should be unknown when the register lacks the fact', () => {
      expect(evaluate(condition, unknown, NOW)).toBeNull();
    });
  });

  it('should count the age to the day (40 years on the 40th anniversary)', () => {
    const oldtimer = conditionOf(zoneNamed('LEZ Amsterdam'), 'oldtimerExemption_A');
    expect(evaluate(oldtimer, vehicle({ firstAdmission: '1986-11-24' }), NOW)).toBe(true);
    expect(evaluate(oldtimer, vehicle({ firstAdmission: '1986-11-25' }), NOW)).toBe(false);
  });

  it('should never know the owner type: no vehicle register shows a permanent resident', () => {
    const resident = conditionOf(zoneNamed('ZE Utrecht'), 'camperExemption_OT_2');
    for (const facts of [...Object.values(RDW), vehicle({ bodyCodes: ['SA'] })])
      expect(evaluate(resident, facts, NOW)).toBeNull();
    // So a camper is unknown, and any other vehicle is known not to be a resident's camper.
    const camper = conditionOf(zoneNamed('ZE Utrecht'), 'camperExemption_CS');
    expect(evaluate(camper, vehicle({ bodyCodes: ['SA'] }), NOW)).toBeNull();
    expect(evaluate(camper, RDW.TT601D, NOW)).toBe(false);
  });

  it('should count any vehicle as a vehicle, whatever else is unknown', () => {
    const diesel = conditionOf(zoneNamed('LEZ Breda'), 'restriction_VC');
    expect(evaluate(diesel, vehicle({ fuels: ['diesel'] }), NOW)).toBe(true);
  });

  it('should hold a validity window only inside it (Utrecht: Euro 5 N1/N2 until 2026-12-31)', () => {
    const window = conditionOf(zoneNamed('ZE Utrecht'), 'euro5Exemption_VAC');
    expect(evaluate(window, UNKNOWN, NOW)).toBe(true);
    expect(evaluate(window, UNKNOWN, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(evaluate(window, UNKNOWN, new Date('2024-12-31T00:00:00Z'))).toBe(false);
  });
});
