import { readFileSync } from 'node:fs';
import {
  authorityName,
  currentPlans,
  enkelbestemming,
  planUrl,
  toPlanItem,
  toSpatialPlanning,
  zoningPlan,
} from './plans.mapper.js';
import type { RpBestemmingsvlak, RpPlan } from './plans.types.js';

const read = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T;
const PLANS = read<{ _embedded: { plannen: RpPlan[] } }>('illustrative_plans_europalaan.json')
  ._embedded.plannen;
const VLAKKEN = read<{ _embedded: { bestemmingsvlakken: RpBestemmingsvlak[] } }>(
  'illustrative_vlakken_europalaan.json',
)._embedded.bestemmingsvlakken;

const plan = (over: Partial<RpPlan> & { id: string }): RpPlan => ({
  type: 'bestemmingsplan',
  naam: over.id,
  planstatusInfo: { planstatus: 'vastgesteld', datum: '2015-01-01' },
  ...over,
});

describe(toPlanItem.name, () => {
  it('should give the spec members and the viewer link', () => {
    expect(toPlanItem(PLANS[0])).toEqual({
      id: 'NL.IMRO.0344.ILLUSTRATIEF01-VA01',
      naam: 'Illustratief bestemmingsplan Europalaan (sandbox)',
      type: 'bestemmingsplan',
      planstatusInfo: { planstatus: 'vastgesteld', datum: '2016-06-30' },
      beleidsmatigVerantwoordelijkeOverheid: { naam: 'gemeente Utrecht' },
      plan_url:
        'https://www.ruimtelijkeplannen.nl/viewer/view?planidn=NL.IMRO.0344.ILLUSTRATIEF01-VA01',
    });
  });

  it('should answer null objects where the plan has none', () => {
    expect(toPlanItem({ id: 'x' })).toMatchObject({
      naam: 'x',
      planstatusInfo: null,
      beleidsmatigVerantwoordelijkeOverheid: null,
    });
  });

  it("should join v1's array of authority names", () => {
    expect(authorityName({ naam: ['gemeente A', 'gemeente B'] })).toBe('gemeente A, gemeente B');
    expect(authorityName({ naam: '  ' })).toBeNull();
    expect(planUrl('NL.IMRO.0363.E 1')).toContain('planidn=NL.IMRO.0363.E%201');
  });
});

describe(currentPlans.name, () => {
  it('should drop historical and withdrawn plans and sort newest first', () => {
    const plans = currentPlans([
      ...PLANS,
      plan({ id: 'gone', verwijderdOp: '2024-01-01', planstatusInfo: { datum: '2030-01-01' } }),
    ]);
    expect(plans.map((p) => p.id)).toEqual([
      'NL.IMRO.0344.ILLUSTRATIEF02-VA01',
      'NL.IMRO.0344.ILLUSTRATIEF01-VA01',
    ]);
  });
});

describe(zoningPlan.name, () => {
  it('should pick the bestemmingsplan in force, not the newer parapluplan', () => {
    expect(zoningPlan(PLANS)?.id).toBe('NL.IMRO.0344.ILLUSTRATIEF01-VA01');
  });

  it.each([
    [
      'a draft is not in force',
      [
        plan({ id: 'draft', planstatusInfo: { planstatus: 'ontwerp', datum: '2025-01-01' } }),
        plan({ id: 'old' }),
      ],
      'old',
    ],
    [
      'the newest of two in force',
      [
        plan({ id: 'a' }),
        plan({ id: 'b', planstatusInfo: { planstatus: 'onherroepelijk', datum: '2020-01-01' } }),
      ],
      'b',
    ],
    [
      'an inpassingsplan when there is no bestemmingsplan',
      [plan({ id: 'w', type: 'wijzigingsplan' }), plan({ id: 'i', type: 'inpassingsplan' })],
      'i',
    ],
    ['only a parapluplan: that one', [plan({ id: 'p', isParapluplan: true })], 'p'],
    ['nothing that zones', [plan({ id: 'v', type: 'voorbereidingsbesluit' })], null],
    ['no plans', [], null],
  ])('should choose for %s', (_case, plans, expected) => {
    expect(zoningPlan(plans as RpPlan[])?.id ?? null).toBe(expected);
  });
});

describe(enkelbestemming.name, () => {
  it('should take the enkelbestemming, not the dubbelbestemming over it', () => {
    expect(enkelbestemming(VLAKKEN)?.naam).toBe('Kantoor');
  });

  it('should fall back on the hoofdgroep when the type is missing', () => {
    expect(
      enkelbestemming([
        { naam: 'Leiding - Gas', bestemmingshoofdgroep: 'leiding' },
        { naam: 'Agrarisch met waarden', bestemmingshoofdgroep: 'agrarisch met waarden' },
      ])?.naam,
    ).toBe('Agrarisch met waarden');
    expect(enkelbestemming([{ type: 'dubbelbestemming', naam: 'Waarde' }])).toBeNull();
  });
});

describe(toSpatialPlanning.name, () => {
  it('should fill spatial_planning from the plan and its vlak', () => {
    expect(toSpatialPlanning(PLANS[0], enkelbestemming(VLAKKEN))).toEqual({
      agrarisch: false,
      type: 'bestemmingsplan',
      plan: 'Illustratief bestemmingsplan Europalaan (sandbox)',
      plan_id: 'NL.IMRO.0344.ILLUSTRATIEF01-VA01',
      plan_url: planUrl('NL.IMRO.0344.ILLUSTRATIEF01-VA01'),
      plan_status: 'vastgesteld',
      plan_datum: '2016-06-30',
      overheid: 'gemeente Utrecht',
      bestemmingsvlak: {
        id: 'NL.IMRO.PT.illustratief-enkel-1',
        naam: 'Kantoor',
        type: 'enkelbestemming',
        bestemmingshoofdgroep: 'kantoor',
      },
    });
  });

  it.each([
    ['agrarisch', true],
    ['Agrarisch met waarden', true],
    ['wonen', false],
    [null, false],
  ])('should call hoofdgroep %j agrarisch: %j', (group, expected) => {
    expect(toSpatialPlanning(PLANS[0], { bestemmingshoofdgroep: group }).agrarisch).toBe(expected);
    expect(toSpatialPlanning(PLANS[0], null).bestemmingsvlak).toBeNull();
  });
});
