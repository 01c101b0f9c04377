import { parseXml } from '@nl/platform-dataset';
import { toEmissionZones } from '../upstream/emissionzones/emissionzones.mapper.js';
import {
  XML_2025,
  ZONES_2025,
  ZONES_2026,
  zoneNamed,
} from '../upstream/emissionzones/fixtures/recorded-zones.js';
import { RDW, vehicle } from './fixtures/vehicles.js';
import { decideAccess, type VehicleFacts } from './zone-rules.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const BOSCH = 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0';
const AMSTERDAM = 'NDW11_989846cf-0343-4abc-b169-1a2ddaf497d9';

const lez = () => zoneNamed('LEZ Amsterdam').conditions;
/** A diesel passenger car too old for Amsterdam's Euro 4 exemption (first registered 2010). */
const euro3 = (facts: Partial<VehicleFacts> = {}) =>
  vehicle({
    category: 'M1',
    fuels: ['diesel'],
    euroClass: 3,
    firstAdmission: '2010-03-01',
    taxi: false,
    bodyCodes: ['AA'],
    ...facts,
  });

/** The 2025 file with one change, to show how an unreadable condition is judged. */
const amsterdamWith = (from: string, to: string) => {
  expect(XML_2025).toContain(from);
  const zone = toEmissionZones(parseXml(XML_2025.replace(from, to))).find(
    (z) => z.id === AMSTERDAM,
  );
  return zone?.conditions ?? null;
};

describe(decideAccess.name, () => {
  describe('LEZ Amsterdam (2025): diesels, except (any M or any N) Euro 4+, taxis from 2009, …', () => {
    it('should admit an M1 Euro 5 diesel (TT601D) by the Euro 4 exemption: categories match by group', () => {
      expect(decideAccess(lez(), RDW.TT601D, NOW)).toMatchObject({
        allowed: true,
        rule: {
          id: `${AMSTERDAM}_1_VCECVAC_CS`,
          description: '(any M or any N) and (euro4 or euro5 or euro6)',
        },
      });
    });

    it('should admit a Euro 4 diesel: Euro 1–4 are DATEX extension values', () => {
      expect(decideAccess(lez(), euro3({ euroClass: 4 }), NOW)).toMatchObject({
        allowed: true,
        rule: { id: `${AMSTERDAM}_1_VCECVAC_CS` },
      });
    });

    it('should refuse a Euro 3 diesel that RDW says is no taxi', () => {
      expect(decideAccess(lez(), euro3(), NOW)).toMatchObject({
        allowed: false,
        rule: { id: `${AMSTERDAM}_restriction_VC` },
      });
    });

    it('should admit the 2009 taxi 02JLT3 by the taxi exemption', () => {
      expect(decideAccess(lez(), RDW['02JLT3'], NOW)).toMatchObject({
        allowed: true,
        rule: {
          id: `${AMSTERDAM}_taxiExemption_CS`,
          description: 'used as taxi and first registered ≥ 2009',
        },
      });
    });

    it('should not know for a Euro 3 diesel whose taxi registration RDW does not give, and say so', () => {
      const verdict = decideAccess(lez(), euro3({ taxi: null }), NOW);
      expect(verdict).toMatchObject({
        allowed: null,
        rule: { id: `${AMSTERDAM}_taxiExemption_CS` },
      });
      expect(verdict.reason).toMatch(/whether it is a taxi/);
    });

    it('should never exempt on a condition of a kind it does not read: null, naming it', () => {
      const zone = amsterdamWith(
        '<com:vehicleUsage>taxi</com:vehicleUsage>',
        '<com:vehicleUse>taxi</com:vehicleUse>',
      );
      // A diesel RDW calls no taxi, and the real taxi 02JLT3: neither is exempt on it.
      for (const facts of [euro3(), euro3({ taxi: true }), RDW['02JLT3']]) {
        const verdict = decideAccess(zone, facts, NOW);
        expect(verdict.allowed).toBeNull();
        expect(verdict.reason).toMatch(
          /'vehicleUse taxi and first registered ≥ 2009' needs 'vehicleUse' \(taxi\), a condition this service does not read/,
        );
      }
      expect(decideAccess(zone, euro3(), NOW).rule?.id).toBe(`${AMSTERDAM}_taxiExemption_CS`);
    });

    it('should never exempt on a vehicle condition without characteristics (no empty rule)', () => {
      const zone = amsterdamWith(
        '<tro:vehicleCharacteristics><com:vehicleUsage>taxi</com:vehicleUsage></tro:vehicleCharacteristics>',
        '<tro:vehicleCharacteristics></tro:vehicleCharacteristics>',
      );
      const verdict = decideAccess(zone, euro3(), NOW);
      expect(verdict.allowed).toBeNull();
      expect(verdict.rule?.description).not.toBe('');
      expect(verdict.reason).toMatch(/names no characteristic/);
    });

    it('should never exempt on a condition type it does not know', () => {
      const zone = amsterdamWith(
        'xsi:type="tro:VehicleCondition" id="NDW11_989846cf-0343-4abc-b169-1a2ddaf497d9_taxiExemption_VU"',
        'xsi:type="tro:PermitCondition" id="NDW11_989846cf-0343-4abc-b169-1a2ddaf497d9_taxiExemption_VU"',
      );
      const verdict = decideAccess(zone, RDW['02JLT3'], NOW);
      expect(verdict).toMatchObject({ allowed: null });
      expect(verdict.reason).toMatch(/PermitCondition/);
    });
  });

  it.each([
    ['LEZ Den Haag', RDW.TT601D, true, '_1_VCECVAC_CS'],
    ['LEZ Rotterdam Maasvlakte', RDW.TT601D, true, '_1_VCECVAC_CS'],
    ['LEZ Breda', RDW.TT601D, false, '_restriction_VC'],
    ['LEZ Breda', RDW.F794KP, true, '_restriction_VC'],
    ['LEZ Breda', RDW.R759BK, null, '_restriction_VC'],
    ['ZE Utrecht', RDW.TT601D, true, '_VC_CS'],
    ['ZE Utrecht', RDW.R759BK, true, '_VC_CS'],
  ])('%s with a real RDW vehicle: allowed %s', (zone, facts, allowed, rule) => {
    const verdict = decideAccess(zoneNamed(zone).conditions, facts, NOW);
    expect(verdict).toMatchObject({
      allowed,
      rule: { id: expect.stringMatching(new RegExp(`${rule}$`)) },
    });
  });

  it('should name the missing fuel for a car without fuel rows in a diesel zone', () => {
    expect(decideAccess(zoneNamed('LEZ Breda').conditions, RDW.R759BK, NOW).reason).toMatch(
      /the fuel, which the register lacks/,
    );
  });

  it("should not decide a resident's camper: the register does not show the owner", () => {
    const camper = vehicle({
      category: 'N1',
      fuels: ['diesel'],
      euroClass: 5,
      firstAdmission: '2015-01-01',
      taxi: false,
      bodyCodes: ['SA'],
    });
    const verdict = decideAccess(
      zoneNamed('ZE Utrecht').conditions,
      camper,
      new Date('2028-06-01T12:00:00Z'),
    );
    expect(verdict).toMatchObject({ allowed: null, rule: { kind: 'exemption' } });
    expect(verdict.reason).toMatch(/no vehicle register shows/);
  });

  it('should give every answer on the recorded zones a rule with words and a reason', () => {
    for (const zone of [...ZONES_2025, ...ZONES_2026])
      for (const facts of Object.values(RDW)) {
        const verdict = decideAccess(zone.conditions, facts, NOW);
        expect(verdict.rule?.description).toMatch(/\w/);
        expect(verdict.reason).not.toMatch(/: \.$/);
      }
  });

  /** The zero-emission zone of 's-Hertogenbosch (2026 capture). */
  describe("ZE 's-Hertogenbosch (2026)", () => {
    const zone = () => zoneNamed(BOSCH, ZONES_2026).conditions;
    const lorry = (facts: Partial<VehicleFacts>) =>
      vehicle({ firstAdmission: '2020-01-01', taxi: false, bodyCodes: ['BA'], ...facts });

    it.each<[string, Partial<VehicleFacts>, boolean | null, string]>([
      [
        'an electric van',
        { category: 'N1', fuels: ['elektriciteit'] },
        true,
        'zeroEmissionExemption_FT_CS',
      ],
      [
        'a Euro 6 diesel truck (N2)',
        { category: 'N2', fuels: ['diesel'], euroClass: 6 },
        true,
        '2_VCECVAC_CS',
      ],
      [
        'a Euro 5 diesel truck (N3)',
        { category: 'N3', fuels: ['diesel'], euroClass: 5 },
        false,
        'VC_CS',
      ],
      [
        'a Euro 5 diesel van (N1), until 2026-12-31',
        { category: 'N1', fuels: ['diesel'], euroClass: 5 },
        true,
        '1_VCECVAC_CS',
      ],
      [
        'a 41-year-old diesel truck (oldtimer)',
        { category: 'N3', fuels: ['diesel'], firstAdmission: '1985-05-01' },
        true,
        'oldtimerExemption_A',
      ],
      ['a vehicle of unknown category', { fuels: ['diesel'], euroClass: 5 }, null, 'VC_CS'],
      [
        'a Euro 5 diesel truck without body rows',
        { category: 'N3', fuels: ['diesel'], euroClass: 5, bodyCodes: [] },
        null,
        'camperExemption_CS',
      ],
    ])('%s: allowed %s by its rule', (_what, facts, allowed, ruleId) => {
      const verdict = decideAccess(zone(), lorry(facts), NOW);
      expect(verdict).toMatchObject({ allowed, rule: { id: `${BOSCH}_${ruleId}` } });
    });

    it('should refuse the Euro 5 diesel van after its exemption ended (2027)', () => {
      const van = lorry({ category: 'N1', fuels: ['diesel'], euroClass: 5 });
      expect(decideAccess(zone(), van, new Date('2027-03-01T12:00:00Z'))).toMatchObject({
        allowed: false,
      });
    });

    it('should not count a hybrid as zero emission', () => {
      const hybrid = lorry({ category: 'N1', fuels: ['benzine', 'elektriciteit'], euroClass: 4 });
      expect(decideAccess(zone(), hybrid, NOW)).toMatchObject({ allowed: false });
    });

    it('should allow anything where the rules are not in force yet (Amersfoort 2027)', () => {
      const truck = lorry({ category: 'N3', fuels: ['diesel'], euroClass: 5 });
      expect(
        decideAccess(zoneNamed('ZE Amersfoort 2027', ZONES_2026).conditions, truck, NOW),
      ).toMatchObject({
        allowed: true,
        reason: expect.stringMatching(/not in force/),
      });
    });
  });
});
