import { DomainError } from '@nl/platform-errors';
import { openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CreditsService } from './credits.service.js';
import { LEDGER_DATABASE } from './ledger.database.js';
import { AccountsService, type SpendCaps } from '@nl/gateway-access';

const NO_CAPS: SpendCaps = { dailyCap: null, monthlyCap: null, alertPercent: null };

describe.each(['standalone', 'distributed'] as const)('key spend caps (%s profile)', (profile) => {
  let db: DataSource;
  let sut: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', profile).database, [LEDGER_DATABASE]);
    sut = new AccountsService(db, new CreditsService(db));
  });
  afterAll(() => db.destroy());

  async function accountWithKey() {
    const account = await sut.createAccount({ name: 'caps', tier: 'paid', credits: 1_000 });
    const { key, info } = await sut.createKey(account.id);
    return { accountId: account.id, key, keyId: info.id };
  }

  describe('setSpendCaps', () => {
    it('should store the caps in credits and show them in the key list', async () => {
      const { accountId, keyId } = await accountWithKey();
      const caps = { dailyCap: 12.5, monthlyCap: 300, alertPercent: 80 };
      expect(await sut.setSpendCaps(accountId, keyId, caps)).toMatchObject({ id: keyId, ...caps });
      expect(await sut.listKeys(accountId)).toEqual([expect.objectContaining(caps)]);
      const [row] = (await db.query(
        'SELECT daily_cap::int AS daily, monthly_cap::int AS monthly FROM gw.api_key WHERE id = $1',
        [keyId],
      )) as { daily: number; monthly: number }[];
      expect(row).toEqual({ daily: 1250, monthly: 30_000 });
    });

    it('should replace the caps as a whole, null removing one', async () => {
      const { accountId, keyId } = await accountWithKey();
      await sut.setSpendCaps(accountId, keyId, { dailyCap: 5, monthlyCap: 50, alertPercent: 90 });
      const info = await sut.setSpendCaps(accountId, keyId, { ...NO_CAPS, monthlyCap: 60 });
      expect(info).toMatchObject({ dailyCap: null, monthlyCap: 60, alertPercent: null });
    });

    it("should never change another account's key", async () => {
      const mine = await accountWithKey();
      const theirs = await accountWithKey();
      const caps = { ...NO_CAPS, dailyCap: 1 };
      expect(await sut.setSpendCaps(mine.accountId, theirs.keyId, caps)).toBeNull();
      expect(await sut.setSpendCaps(mine.accountId, randomUUID(), caps)).toBeNull();
      expect(await sut.setSpendCaps(mine.accountId, 'not-a-key', caps)).toBeNull();
      expect(await sut.listKeys(theirs.accountId)).toEqual([
        expect.objectContaining({ dailyCap: null }),
      ]);
    });

    it.each([
      ['a cap of 0', { dailyCap: 0 }, 'dailyCap'],
      ['a negative cap', { monthlyCap: -5 }, 'monthlyCap'],
      ['a cap finer than hundredths', { dailyCap: 1.005 }, 'dailyCap'],
      ['a cap above 10,000,000 credits', { monthlyCap: 10_000_000.01 }, 'monthlyCap'],
      ['a cap that is no number', { dailyCap: Number.NaN }, 'dailyCap'],
      ['an alert of 0 percent', { alertPercent: 0 }, 'alertPercent'],
      ['an alert above 100 percent', { alertPercent: 101 }, 'alertPercent'],
      ['an alert of a fraction of a percent', { alertPercent: 50.5 }, 'alertPercent'],
    ])('should refuse %s', async (_name, caps, field) => {
      const { accountId, keyId } = await accountWithKey();
      const error = await sut
        .setSpendCaps(accountId, keyId, { ...NO_CAPS, ...caps })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('validation_failed');
      expect((error as DomainError).extra.errors?.map((e) => e.field)).toEqual([field]);
      expect(await sut.listKeys(accountId)).toEqual([
        expect.objectContaining({ dailyCap: null, monthlyCap: null, alertPercent: null }),
      ]);
    });

    it('should accept the largest cap and one hundredth', async () => {
      const { accountId, keyId } = await accountWithKey();
      const caps = { dailyCap: 0.01, monthlyCap: 10_000_000, alertPercent: 100 };
      expect(await sut.setSpendCaps(accountId, keyId, caps)).toMatchObject(caps);
    });

    it('should tell the pipeline at once whether a key is capped', async () => {
      const { accountId, key, keyId } = await accountWithKey();
      expect((await sut.findOwner(key))?.capped).toBe(false);
      await sut.setSpendCaps(accountId, keyId, { ...NO_CAPS, dailyCap: 1 });
      expect((await sut.findOwner(key))?.capped).toBe(true);
      await sut.setSpendCaps(accountId, keyId, { ...NO_CAPS, alertPercent: 50 });
      expect((await sut.findOwner(key))?.capped).toBe(false);
    });
  });

  describe('spendOf', () => {
    it("should give each key's spend today and this month in credits", async () => {
      const { accountId, keyId } = await accountWithKey();
      const other = (await sut.createKey(accountId)).info.id;
      await sut.setSpendCaps(accountId, keyId, { ...NO_CAPS, dailyCap: 5 });
      const credits = new CreditsService(db);
      const held = await credits.reserve({
        accountId,
        keyId,
        amount: 125,
        endpoint: 'cbs.sbi.lookup',
        requestId: randomUUID(),
      });
      expect(held.ok).toBe(true);
      expect(await sut.spendOf([keyId, other, randomUUID(), 'nonsense'])).toEqual({
        [keyId]: { today: 1.25, month: 1.25 },
        [other]: { today: 0, month: 0 },
      });
      expect(await sut.spendOf([])).toEqual({});
    });
  });
});
