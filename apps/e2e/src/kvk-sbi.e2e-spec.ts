import { kvkRecording, recordedKvkAnswer } from '@nl/domain-kvk';
import { FakeUpstream } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

/** 69599084 as the KVK test environment answered it on 30 June 2025, before the SBI 2025 switch. */
const BEFORE_SWITCH = recordedKvkAnswer('basisprofielen_v1_69599084_200_2025-06-30.json');

interface Activity {
  sbiCode: string;
  sbiOmschrijving: string;
  sbiEdition: string | null;
  sbiEditionBasis: string;
  sbi2025: {
    mapping: string;
    from: string;
    candidates: { code: string; mapping_type: string }[];
  } | null;
}
const editions = (activities: Activity[]) =>
  activities.map((a) => [a.sbiCode, a.sbiEdition, a.sbiEditionBasis]);
const candidates = (activity: Activity) =>
  activity.sbi2025?.candidates.map((c) => [c.code, c.mapping_type]);

describe.each(PROFILES)('SBI editions of KVK activities through the gateway (%s)', (profile) => {
  let api: Stack;
  let kvk: FakeUpstream;

  beforeAll(async () => {
    kvk = await FakeUpstream.serving(kvkRecording(), [
      {
        method: 'GET',
        path: '/v1/basisprofielen/69599084',
        handle: () => ({ status: BEFORE_SWITCH.status, body: BEFORE_SWITCH.body }),
      },
    ]);
    api = await startStack(profile, {
      serviceEnv: { KVK_URL: kvk.url, KVK_API_KEY: 'kvk-test-key' },
    });
  });
  afterAll(async () => {
    await api?.close();
    await kvk?.close();
  });

  it('should mark the four-digit codes of an answer from before the switch SBI 2008, with their SBI 2025 candidates', async () => {
    const res = await api.get('/v1/kvk/69599084');
    expect(res.status).toBe(200);
    const activities = (await jsonOf(res)).sbiActiviteiten as Activity[];
    expect(editions(activities)).toEqual([
      ['1011', '2008', 'digits'],
      ['1012', '2008', 'digits'],
      ['1013', '2008', 'digits'],
    ]);
    expect(activities.map(candidates)).toEqual([
      [['10110', 'one_to_one']],
      [['10120', 'one_to_one']],
      [['10130', 'one_to_one']],
    ]);
    expect(activities[0].sbi2025).toMatchObject({ mapping: 'derived_via_nace', from: '1011' });
    // The industry-code endpoint answers the same class the same way.
    const lookup = await jsonOf(await api.get('/v1/cbs/sbi/1011?edition=2008'));
    expect(lookup.result.title).toBe(activities[0].sbiOmschrijving);
    expect(lookup.result.successors).toEqual(activities[0].sbi2025);
  });

  it('should mark the five-digit codes of the branch answered after the switch SBI 2025', async () => {
    const body = await jsonOf(await api.get('/v1/kvk/69599084/branch'));
    expect(editions(body.sbiActiviteiten)).toEqual([
      ['10110', '2025', 'only_in_edition'],
      ['10120', '2025', 'only_in_edition'],
      ['10130', '2025', 'only_in_edition'],
    ]);
    expect(body.sbiActiviteiten.map((a: Activity) => a.sbi2025)).toEqual([null, null, null]);
  });

  it('should read 94997 "Overige belangenbehartiging (rest)" as SBI 2008 by its title', async () => {
    const [activity] = (await jsonOf(await api.get('/v1/kvk/90000749')))
      .sbiActiviteiten as Activity[];
    expect(activity).toMatchObject({
      sbiCode: '94997',
      sbiOmschrijving: 'Overige belangenbehartiging (rest)',
      sbiEdition: '2008',
      sbiEditionBasis: 'title',
      sbi2025: { mapping: 'derived_via_nace', from: '9499' },
    });
    expect(candidates(activity)).toContainEqual(['94997', expect.any(String)]);
  });

  it('should give 01241, the same in both editions, as SBI 2025, also to a test key', async () => {
    const path = '/v1/kvk/68750110/branch?vestigingsnummer=000037178598';
    const expected = {
      sbiCode: '01241',
      sbiEdition: '2025',
      sbiEditionBasis: 'same_in_both',
      sbi2025: null,
    };
    const live = await jsonOf(await api.get(path));
    expect(live.sbiActiviteiten).toEqual([expect.objectContaining(expected)]);
    const { accountId } = await api.account({ tier: 'premium', credits: 10 });
    const testKey = (await api.accounts.createKey(accountId, 'sandbox', 'test')).key;
    const sandbox = await api.get(path, { 'x-api-key': testKey });
    expect(sandbox.headers.get('x-sandbox')).toBe('true');
    expect((await jsonOf(sandbox)).sbiActiviteiten).toEqual(live.sbiActiviteiten);
  });
});
