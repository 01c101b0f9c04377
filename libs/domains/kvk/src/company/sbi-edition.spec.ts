import type { SbiCodeRecord, SbiSuccessors } from '@nl/contracts-cbs';
import { readFileSync } from 'node:fs';
import type { RawKvkBranch, RawKvkProfile } from '../upstream/kvk/kvk.types.js';
import { toBranchProfile, toCompanyProfile } from '../upstream/kvk/kvk.mapper.js';
import { editionOf } from './sbi-edition.js';

const recorded = <T>(file: string): T =>
  (
    JSON.parse(
      readFileSync(new URL(`../upstream/kvk/recorded/${file}`, import.meta.url), 'utf8'),
    ) as { body: T }
  ).body;
const AT = '2026-11-24T10:00:00.000Z';
const activitiesOf = (file: string) =>
  toCompanyProfile(recorded<RawKvkProfile>(file), AT).sbiActiviteiten;

/** How the cbs service reads a code (real titles of CBS's SBI 2025 and SBI 2008 lists). */
const reading = (
  code: string,
  title: string,
  edition: 'SBI 2008' | 'SBI 2025',
  successors?: SbiSuccessors,
): SbiCodeRecord => ({
  code,
  code_dotted: code,
  level: code.length === 4 ? 'class' : 'subclass',
  title,
  title_en: title,
  parent: code.slice(0, -1),
  section: 'C',
  description: null,
  path: [],
  children: [],
  edition,
  ...(successors !== undefined && { successors }),
});
const successors = (from: string, ...codes: string[]): SbiSuccessors => ({
  mapping: 'derived_via_nace',
  from,
  nace2: [`${from.slice(0, 2)}.${from.slice(2)}`],
  candidates: codes.map((code) => ({
    code,
    code_dotted: code,
    level: 'subclass',
    title: code,
    title_en: code,
    parent: code.slice(0, 4),
    section: 'C',
    mapping_type: 'one_to_one',
  })),
  note: 'derived',
});

describe(editionOf.name, () => {
  it('should read the four-digit codes of the answer of 30 June 2025 as SBI 2008, with candidates', () => {
    const [main] = activitiesOf('basisprofielen_v1_69599084_200_2025-06-30.json');
    expect(main).toMatchObject({
      sbiCode: '1011',
      sbiOmschrijving: 'Slachterijen (geen pluimvee-)',
    });
    const to2025 = successors('1011', '10110');
    expect(
      editionOf(
        main,
        // SBI 2025 has a class 1011 too: the digits decide, not its existence.
        reading(
          '1011',
          'Verwerking en conservering van vlees, met uitzondering van vlees van gevogelte',
          'SBI 2025',
        ),
        reading('1011', 'Slachterijen (geen pluimvee-)', 'SBI 2008', to2025),
      ),
    ).toEqual({ sbiEdition: '2008', sbiEditionBasis: 'digits', sbi2025: to2025 });
  });

  it('should read the five-digit code of the later answer, which SBI 2008 lacks, as SBI 2025', () => {
    const [main] = activitiesOf('basisprofielen_v1_69599084_200.json');
    expect(editionOf(main, reading('10110', main.sbiOmschrijving, 'SBI 2025'), null)).toEqual({
      sbiEdition: '2025',
      sbiEditionBasis: 'only_in_edition',
      sbi2025: null,
    });
  });

  it('should read 94997 of 90000749 as SBI 2008 by its title, which only SBI 2008 gives it', () => {
    const [main] = activitiesOf('basisprofielen_v1_90000749_200.json');
    expect(main).toMatchObject({
      sbiCode: '94997',
      sbiOmschrijving: 'Overige belangenbehartiging (rest)',
    });
    const to2025 = successors('9499', '94991', '94997', '94999');
    expect(
      editionOf(
        main,
        reading('94997', 'Overige belangenbehartiging n.e.g.', 'SBI 2025'),
        reading('94997', 'Overige belangenbehartiging (rest)', 'SBI 2008', to2025),
      ),
    ).toEqual({ sbiEdition: '2008', sbiEditionBasis: 'title', sbi2025: to2025 });
  });

  it('should give a code with one title in both editions as SBI 2025 when the 2008 reading leads to it', () => {
    const branch = toBranchProfile(
      recorded<RawKvkBranch>('vestigingsprofielen_v1_000037178598_200.json'),
      AT,
    );
    const [main] = branch.sbiActiviteiten;
    expect(main).toMatchObject({ sbiCode: '01241', sbiOmschrijving: 'Teelt van appels en peren' });
    const as2025 = reading('01241', 'Teelt van appels en peren', 'SBI 2025');
    const leading = reading(
      '01241',
      'Teelt van appels en peren',
      'SBI 2008',
      successors('0124', '01241', '01249'),
    );
    expect(editionOf(main, as2025, leading)).toEqual({
      sbiEdition: '2025',
      sbiEditionBasis: 'same_in_both',
      sbi2025: null,
    });
    const elsewhere = { ...leading, successors: successors('0124', '01249') };
    expect(editionOf(main, as2025, elsewhere)).toMatchObject({
      sbiEdition: null,
      sbiEditionBasis: 'undecided',
    });
  });

  describe('with 94997 in both editions', () => {
    const in2025 = reading('94997', 'Overige belangenbehartiging n.e.g.', 'SBI 2025');
    const in2008 = reading('94997', 'Overige belangenbehartiging (rest)', 'SBI 2008');
    const said = (sbiOmschrijving: string) =>
      editionOf({ sbiCode: '94997', sbiOmschrijving, indHoofdactiviteit: 'Ja' }, in2025, in2008);

    it('should not guess when the description is neither title', () => {
      expect(said('Belangenbehartiging')).toEqual({
        sbiEdition: null,
        sbiEditionBasis: 'undecided',
        sbi2025: null,
      });
    });

    it('should compare titles without case, accents, quotes or punctuation', () => {
      expect(said('OVERIGE  BELANGENBEHARTIGING – REST').sbiEdition).toBe('2008');
      expect(said('overige belangenbehartiging n.e.g').sbiEdition).toBe('2025');
    });
  });

  it('should not guess when no edition has the code', () => {
    const activity = { sbiCode: '99999', sbiOmschrijving: 'Onbekend', indHoofdactiviteit: 'Ja' };
    expect(editionOf(activity, null, null)).toEqual({
      sbiEdition: null,
      sbiEditionBasis: 'unknown_code',
      sbi2025: null,
    });
  });
});
