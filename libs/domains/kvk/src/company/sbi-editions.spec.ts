import { jest } from '@jest/globals';
import type { SBI_LOOKUP_ENDPOINT, SbiLookupParams } from '@nl/contracts-cbs';
import { DomainError } from '@nl/platform-errors';
import type { ServiceClient } from '@nl/platform-transport';
import { pino } from 'pino';
import { SbiEditions } from './sbi-editions.js';

const activity = (sbiCode: string, sbiOmschrijving = 'Teelt van appels en peren') => ({
  sbiCode,
  sbiOmschrijving,
  indHoofdactiviteit: 'Ja',
});
const found = (code: string, edition: string) => ({
  data: {
    found: true,
    result: {
      code,
      code_dotted: code,
      level: 'subclass',
      title: 'Teelt van appels en peren',
      title_en: 'Growing of apples and pears',
      parent: code.slice(0, 4),
      section: 'A',
      description: null,
      path: [],
      children: [],
      edition: `SBI ${edition}`,
    },
  },
  meta: {},
});
const notFound = () =>
  DomainError.notFound({ found: false, result: null }, 'SBI 2008 has no code 01240.');

describe(SbiEditions.name, () => {
  let mocks: { services: { call: jest.Mock } };
  let sut: SbiEditions;

  beforeEach(() => {
    mocks = { services: { call: jest.fn() } };
    sut = new SbiEditions(mocks.services as unknown as ServiceClient, pino({ level: 'silent' }));
  });
  const asked = () =>
    mocks.services.call.mock.calls.map(([endpoint, payload]) => [
      (endpoint as typeof SBI_LOOKUP_ENDPOINT).subject,
      payload,
    ]);

  describe('of', () => {
    it('should ask the cbs service once per code and edition, its lookup subject', async () => {
      mocks.services.call.mockImplementation(async (_endpoint, payload) => {
        const { code, edition } = payload as SbiLookupParams;
        if (edition === '2025') return found(code, '2025');
        throw notFound();
      });
      const answer = await sut.of([activity('01250'), activity('01250'), activity('01250')]);
      expect(answer.map((a) => a.sbiEdition)).toEqual(['2025', '2025', '2025']);
      expect(asked()).toEqual([
        ['cbs.sbi.lookup', { code: '01250', edition: '2025' }],
        ['cbs.sbi.lookup', { code: '01250', edition: '2008' }],
      ]);
    });

    it('should answer unavailable, keeping KVK’s code and words, when the cbs service fails', async () => {
      mocks.services.call.mockImplementation(async () => {
        throw new DomainError('upstream_timeout', 'no answer in time');
      });
      expect(await sut.of([activity('01241')])).toEqual([
        {
          ...activity('01241'),
          sbiEdition: null,
          sbiEditionBasis: 'unavailable',
          sbi2025: null,
        },
      ]);
    });

    it('should not ask about a code that no SBI edition can have', async () => {
      const [answer] = await sut.of([activity('')]);
      expect(answer).toMatchObject({ sbiEdition: null, sbiEditionBasis: 'unknown_code' });
      expect(mocks.services.call).not.toHaveBeenCalled();
    });
  });
});
