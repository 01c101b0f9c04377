import { jest } from '@jest/globals';
import type { CompanyQuery } from '@nl/contracts-kvk';
import type { Cached } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import type { ServiceClient } from '@nl/platform-transport';
import { pino } from 'pino';
import { readFileSync } from 'node:fs';
import type { SbiEditions } from './sbi-editions.js';
import type { RawKvkProfile } from '../upstream/kvk/kvk.types.js';
import { CompanyService } from './company.service.js';
import type { KvkProfiles } from './kvk-profiles.js';

const recorded = (file: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../upstream/kvk/recorded/${file}`, import.meta.url), 'utf8'),
    ) as { body: RawKvkProfile }
  ).body;
/** The owners' association 90000749: RSIN 992340597, so its own number is NL992340597B01. */
const VVE = recorded('basisprofielen_v1_90000749_200.json');
/** The sole proprietorship 69599084: no RSIN. */
const EMZ = recorded('basisprofielen_v1_69599084_200.json');
/** Valid in VIES, but ABN AMRO's (the recorded VIES answer), not any test company's. */
const OTHER = 'NL004495445B01';

describe(CompanyService.name, () => {
  let mocks: {
    profiles: { company: jest.Mock };
    services: { call: jest.Mock };
    editions: { of: jest.Mock };
  };
  let sut: CompanyService;

  beforeEach(() => {
    mocks = {
      profiles: { company: jest.fn() },
      // VIES, through the VAT service, calls every number it is asked about valid.
      services: {
        call: jest.fn(async () => ({
          data: { valid: true, request_date: '2026-11-24T10:00:00.000Z' },
          meta: {},
        })),
      },
      editions: { of: jest.fn(async () => []) },
    };
    sut = new CompanyService(
      mocks.profiles as unknown as KvkProfiles,
      mocks.services as unknown as ServiceClient,
      mocks.editions as unknown as SbiEditions,
      pino({ level: 'silent' }),
    );
  });
  const registered = (raw: RawKvkProfile) =>
    mocks.profiles.company.mockImplementation(async (): Promise<Cached<RawKvkProfile>> => ({
      value: raw,
      state: 'miss',
      fetchedAt: '2026-11-24T10:00:00.000Z',
    }));
  const vatOf = async (query: Omit<CompanyQuery, 'companyNumber'>, number = '90000749') =>
    (await sut.profile({ companyNumber: number, ...query }, LIVE)).data.vat;

  describe('profile', () => {
    it.each([
      ['without vies', undefined],
      ['with vies=true', 'true' as const],
    ])(
      'should keep a VIES-valid number of another company mismatch %s, never asking VIES',
      async (_title, vies) => {
        registered(VVE);
        expect(await vatOf({ vat: OTHER, vies })).toEqual({
          number: OTHER,
          rsin: '992340597',
          checksumValid: true,
          valid: null,
          status: 'mismatch',
          validatedAt: null,
        });
        expect(mocks.services.call).not.toHaveBeenCalled();
      },
    );

    it('should validate the company’s own number, given or derived', async () => {
      registered(VVE);
      expect(await vatOf({ vies: 'true' })).toMatchObject({ status: 'valid', valid: true });
      expect(await vatOf({ vat: 'NL992340597B01', vies: 'true' })).toMatchObject({
        status: 'valid',
        valid: true,
      });
      expect(mocks.services.call.mock.calls.map(([, payload]) => payload)).toEqual([
        { vat_number: 'NL992340597B01' },
        { vat_number: 'NL992340597B01' },
      ]);
    });

    it('should say invalid when VIES refuses the company’s own number', async () => {
      registered(VVE);
      mocks.services.call.mockImplementation(async () => ({
        data: { valid: false, request_date: '2026-11-24T10:00:00.000Z' },
        meta: {},
      }));
      expect(await vatOf({ vies: 'true' })).toMatchObject({ status: 'invalid', valid: false });
    });

    it('should leave a number given for a company without RSIN unvalidated, never asking VIES', async () => {
      registered(EMZ);
      expect(await vatOf({ vat: OTHER, vies: 'true' }, '69599084')).toMatchObject({
        number: OTHER,
        status: 'unvalidated',
        valid: null,
      });
      expect(mocks.services.call).not.toHaveBeenCalled();
    });
  });
});
