import { readFileSync } from 'node:fs';
import { vatBlock } from '../../company/vat-block.js';
import { rsinOf, toBranchProfile, toCompanyProfile } from './kvk.mapper.js';
import type { RawKvkBranch, RawKvkProfile } from './kvk.types.js';

const recorded = <T>(file: string): T =>
  (
    JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as {
      body: T;
    }
  ).body;

const AT = '2026-11-24T10:00:00.000Z';
const EMZ = recorded<RawKvkProfile>('basisprofielen_v1_69599084_200.json');
const VVE = recorded<RawKvkProfile>('basisprofielen_v1_90000749_200.json');
const BRANCH = recorded<RawKvkBranch>('vestigingsprofielen_v1_000038509504_200.json');

describe('KVK mapping on recorded test-environment answers', () => {
  it('should map the sole proprietorship 69599084 to the base profile, links our own', () => {
    const profile = toCompanyProfile(EMZ, AT);
    expect(profile).toMatchObject({
      kvkNummer: '69599084',
      naam: 'Test EMZ Dagobert',
      indNonMailing: 'Ja',
      formeleRegistratiedatum: '20170710',
      actief: true,
      lastFetchedAt: AT,
      hoofdvestiging: {
        vestigingsnummer: '000038509504',
        eersteHandelsnaam: 'Test EMZ Dagobert',
        indHoofdvestiging: 'Ja',
        indCommercieleVestiging: 'Ja',
      },
    });
    expect(profile.handelsnamen.map((n) => n.volgorde)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(profile.sbiActiviteiten[0]).toEqual({
      sbiCode: '10110',
      sbiOmschrijving:
        'Verwerking en conservering van vlees, met uitzondering van vlees van gevogelte',
      indHoofdactiviteit: 'Ja',
    });
    expect(profile.links).toEqual([
      { rel: 'self', href: '/v1/kvk/69599084' },
      { rel: 'hoofdvestiging', href: '/v1/kvk/69599084/branch' },
      { rel: 'vestigingsprofiel', href: '/v1/kvk/69599084/branch?vestigingsnummer=000038509504' },
    ]);
    expect(JSON.stringify(profile)).not.toContain('api.kvk.nl');
    expect(rsinOf(EMZ)).toBeNull();
  });

  it('should collapse the runs of spaces in addresses and keep absent members absent', () => {
    const [address] = toCompanyProfile(EMZ, AT).hoofdvestiging?.adressen ?? [];
    expect(address.volledigAdres).not.toMatch(/\s{2}/);
    expect(address).not.toHaveProperty('postbusnummer');
  });

  it('should give the owners’ association 90000749 no main branch, and its RSIN', () => {
    const profile = toCompanyProfile(VVE, AT);
    expect(profile.hoofdvestiging).toBeNull();
    expect(profile.handelsnamen).toEqual([]);
    expect(profile.links).toEqual([{ rel: 'self', href: '/v1/kvk/90000749' }]);
    expect(rsinOf(VVE)).toBe('992340597');
  });

  it('should mark a registration that ended inactive', () => {
    const ended = {
      ...VVE,
      materieleRegistratie: { datumAanvang: '19991103', datumEinde: '20240101' },
    };
    expect(toCompanyProfile(ended, AT).actief).toBe(false);
  });

  it('should map the recorded branch 000038509504', () => {
    const branch = toBranchProfile(BRANCH, AT);
    expect(branch).toMatchObject({
      vestigingsnummer: '000038509504',
      kvkNummer: '69599084',
      eersteHandelsnaam: 'Test EMZ Dagobert',
      indHoofdvestiging: 'Ja',
      websites: [],
      links: [
        { rel: 'self', href: '/v1/kvk/69599084/branch?vestigingsnummer=000038509504' },
        { rel: 'basisprofiel', href: '/v1/kvk/69599084' },
      ],
    });
    expect(branch.adressen[0]).toMatchObject({ straatnaam: 'Abebe Bikilalaan', huisnummer: 17 });
  });
});

describe(vatBlock.name, () => {
  it.each([
    [
      'no RSIN, nothing given',
      null,
      undefined,
      { number: null, status: 'unknown', checksumValid: null },
    ],
    ['RSIN only', '992340597', undefined, { number: 'NL992340597B01', status: 'unvalidated' }],
    ['the same number given', '992340597', 'NL992340597B01', { status: 'match' }],
    [
      'another number given',
      '992340597',
      'NL004495445B01',
      { number: 'NL004495445B01', status: 'mismatch' },
    ],
    [
      'a number given, no RSIN',
      null,
      'NL004495445B01',
      { number: 'NL004495445B01', status: 'unvalidated', checksumValid: true },
    ],
  ])('%s', (_title, rsin, given, expected) => {
    expect(vatBlock(rsin, given)).toMatchObject({
      valid: null,
      validatedAt: null,
      rsin,
      ...expected,
    });
  });

  it('should judge the check digits locally', () => {
    expect(vatBlock(null, 'NL004495445B01').checksumValid).toBe(true);
    expect(vatBlock(null, 'NL004495446B01').checksumValid).toBe(false);
  });
});
