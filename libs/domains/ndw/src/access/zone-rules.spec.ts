import { readFileSync } from 'node:fs';
import { toEmissionZones } from '../upstream/emissionzones/emissionzones.mapper.js';
import { parseXml } from '@nl/platform-dataset';
import { decideAccess, type VehicleFacts } from './zone-rules.js';

const BOSCH = 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0';
const zones = toEmissionZones(
  parseXml(readFileSync(new URL('../data/emissiezones.xml', import.meta.url), 'utf8')),
);
const zone = (id: string) => zones.find((z) => z.id === id)?.conditions ?? null;
const NOW = new Date('2026-11-24T12:00:00Z');

const vehicle = (facts: Partial<VehicleFacts>): VehicleFacts => ({
  category: null,
  fuels: [],
  euroClass: null,
  firstAdmission: '2020-01-01',
  ...facts,
});

/** The access table of the issue, against the zero-emission zone of 's-Hertogenbosch. */
describe(decideAccess.name, () => {
  it.each<[string, Partial<VehicleFacts>, boolean | null, string]>([
    [
      'an electric van',
      { category: 'N1', fuels: ['elektriciteit'] },
      true,
      `${BOSCH}_zeroEmissionExemption_FT_CS`,
    ],
    [
      'a Euro 6 diesel truck (N2)',
      { category: 'N2', fuels: ['diesel'], euroClass: 6 },
      true,
      `${BOSCH}_2_VCECVAC_CS`,
    ],
    [
      'a Euro 5 diesel truck (N3)',
      { category: 'N3', fuels: ['diesel'], euroClass: 5 },
      false,
      `${BOSCH}_VC_CS`,
    ],
    [
      'a petrol car (M1)',
      { category: 'M1', fuels: ['benzine'], euroClass: 6 },
      true,
      `${BOSCH}_VC_CS`,
    ],
    [
      'a Euro 5 diesel van (N1), until 2026-12-31',
      { category: 'N1', fuels: ['diesel'], euroClass: 5 },
      true,
      `${BOSCH}_1_VCECVAC_CS`,
    ],
    [
      'a 41-year-old diesel truck (oldtimer)',
      { category: 'N3', fuels: ['diesel'], euroClass: null, firstAdmission: '1985-05-01' },
      true,
      `${BOSCH}_oldtimerExemption_A`,
    ],
    [
      'a vehicle of unknown category',
      { category: null, fuels: ['diesel'], euroClass: 5 },
      null,
      `${BOSCH}_VC_CS`,
    ],
  ])('%s: allowed %s by its rule', (_what, facts, allowed, ruleId) => {
    const verdict = decideAccess(zone(BOSCH), vehicle(facts), NOW);
    expect(verdict).toMatchObject({ allowed, rule: { id: ruleId } });
    expect(verdict.reason).toEqual(expect.any(String));
  });

  it('should refuse the Euro 5 diesel van after its exemption ended (2027)', () => {
    const later = new Date('2027-03-01T12:00:00Z');
    const facts = vehicle({ category: 'N1', fuels: ['diesel'], euroClass: 5 });
    expect(decideAccess(zone(BOSCH), facts, later)).toMatchObject({ allowed: false });
  });

  it('should not count a hybrid as zero emission', () => {
    const facts = vehicle({ category: 'N1', fuels: ['benzine', 'elektriciteit'], euroClass: 4 });
    expect(decideAccess(zone(BOSCH), facts, NOW)).toMatchObject({ allowed: false });
  });

  it('should allow anything where the rules are not in force yet (Amersfoort 2027)', () => {
    const amersfoort = zones.find((z) => z.zone.name === 'ZE Amersfoort 2027');
    const facts = vehicle({ category: 'N3', fuels: ['diesel'], euroClass: 5 });
    const verdict = decideAccess(amersfoort?.conditions ?? null, facts, NOW);
    expect(verdict).toMatchObject({ allowed: true, reason: expect.stringMatching(/not in force/) });
  });
});
