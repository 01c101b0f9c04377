import { openDatabase, preparedQuery } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountsService, type SpendCaps } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { uuidArray } from './binary-arrays.js';
import type { ChargeRequest, ReservationRequest } from './credit-backend.js';
import { CREDIT_CYCLE } from './credit-cycle.sql.js';
import { CreditsService } from './credits.service.js';
import {
  RESERVE_MANY,
  closeParams,
  cycleOutcomes,
  cycleParams,
  reserveOutcomes,
  reserveParams,
  type ReservedRow,
} from './round-statements.js';

// A batch of requests on one account is taken in arrival order, each one only if it fits what
// the ones taken before it left (of the balance, and of its key's caps): a greedy fold. A
// running sum over the batch still counted the refused requests, so 0.50, 0.50, 0.10, 0.10,
// 0.10 on 0.70 took only the first. Each statement is run here directly, in a fixed order, on
// both databases (the SQL is the same on PGlite); the credits service in both profiles.
describe.each(['standalone', 'distributed'] as const)('credit fold (%s profile)', (profile) => {
  let db: DataSource;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-fit-test', profile).database, [LEDGER_DATABASE]);
    accounts = new AccountsService(db, new CreditsService(db));
  });
  afterAll(() => db.destroy());

  const MIX = [50, 50, 10, 10, 10];

  async function account(balance: number): Promise<string> {
    return (await accounts.createAccount({ name: 'fold', tier: 'paid', credits: balance })).id;
  }
  /** A key of `accountId` with caps in hundredths. */
  async function key(accountId: string, caps: { daily?: number; monthly?: number }) {
    const { info } = await accounts.createKey(accountId);
    const spendCaps: SpendCaps = {
      dailyCap: caps.daily === undefined ? null : caps.daily / 100,
      monthlyCap: caps.monthly === undefined ? null : caps.monthly / 100,
      alertPercent: null,
    };
    await accounts.setSpendCaps(accountId, info.id, spendCaps);
    return info.id;
  }
  const request = (accountId: string, amount: number, keyId?: string): ReservationRequest => ({
    accountId,
    keyId,
    amount,
    endpoint: 'cbs.sbi.index',
    requestId: randomUUID(),
  });
  const balanceOf = async (accountId: string) => (await accounts.getAccount(accountId)).balance;

  /** Runs the reservation statement on `batch` as it stands; the capped form if a key is named. */
  async function reserveMany(batch: readonly ReservationRequest[]) {
    const chargeIds = batch.map(() => randomUUID());
    const capped = batch.some((r) => r.keyId);
    const params = reserveParams(chargeIds, batch);
    if (capped) params.push(uuidArray(batch.map((r) => r.keyId)));
    const rows = await preparedQuery<ReservedRow>(db, RESERVE_MANY[capped ? 1 : 0], params);
    return reserveOutcomes(chargeIds, rows, capped);
  }
  /** What each outcome came to, shortly: the balance after a taken one, the reason of a refusal. */
  const verdicts = (outcomes: readonly { ok: boolean; reason?: string; balance?: number }[]) =>
    outcomes.map((o) => (o.ok ? o.balance : o.reason));

  it('should take 0.50, 0.10 and 0.10 of 0.50, 0.50, 0.10, 0.10, 0.10 on a balance of 0.70', async () => {
    const id = await account(70);
    const outcomes = await reserveMany(MIX.map((amount) => request(id, amount)));
    expect(verdicts(outcomes)).toEqual([20, 'balance', 10, 0, 'balance']);
    // A refused call is told the balance as the statement left it, which its price exceeds.
    expect(outcomes[1]).toEqual({ ok: false, reason: 'balance', balance: 0 });
    expect(await balanceOf(id)).toBe(0);
  });

  it('should take what fits in any arrival order: 0.10, 0.50, 0.50, 0.10, 0.10 on 0.70', async () => {
    const id = await account(70);
    const outcomes = await reserveMany([10, 50, 50, 10, 10].map((amount) => request(id, amount)));
    expect(verdicts(outcomes)).toEqual([60, 10, 'balance', 0, 'balance']);
  });

  it('should fold reservations and charges after the fact together in one round', async () => {
    const id = await account(70);
    // A charge after the fact must fit with its fresh price and takes off what it is charged.
    const charge = (amount: number, charged: number): ChargeRequest => ({
      ...request(id, amount),
      chargeId: randomUUID(),
      charge: charged,
    });
    const requests = [
      charge(50, 50),
      request(id, 50),
      charge(10, 10),
      request(id, 10),
      charge(10, 5),
    ];
    const { chargeIds, params } = cycleParams(requests);
    const rows = await preparedQuery<ReservedRow>(db, CREDIT_CYCLE, [
      ...params,
      ...closeParams([]),
    ]);
    expect(verdicts(cycleOutcomes(requests, chargeIds, rows))).toEqual([
      20,
      'balance',
      10,
      0,
      'balance',
    ]);
    expect(await balanceOf(id)).toBe(0);
  });

  it('should take the mix on a key capped at 0.70 a day as on a balance of 0.70', async () => {
    const id = await account(10_000);
    const keyId = await key(id, { daily: 70 });
    const outcomes = await reserveMany(MIX.map((amount) => request(id, amount, keyId)));
    expect(verdicts(outcomes)).toEqual([9_950, 'spend_cap', 9_940, 9_930, 'spend_cap']);
    expect(outcomes[4]).toMatchObject({
      capReached: { period: 'daily', cap: 70, spent: 70 },
      balance: 9_930,
    });
  });

  it('should count a call refused by the balance against no cap, and one refused by a cap against no balance', async () => {
    const id = await account(70);
    const capped = await key(id, { daily: 50, monthly: 60 });
    const free = await key(id, {});
    const outcomes = await reserveMany([
      request(id, 50, capped), // taken: 0.20 left, 0.00 of the daily cap
      request(id, 50, free), // short of the balance
      request(id, 10, capped), // over the daily cap; the balance still has 0.20
      request(id, 10), // a key the statement does not look at
      request(id, 10, free),
    ]);
    expect(verdicts(outcomes)).toEqual([20, 'balance', 'spend_cap', 10, 0]);
    expect(outcomes[2]).toMatchObject({ capReached: { period: 'daily', cap: 50, spent: 50 } });

    const second = await account(50);
    const cappedToo = await key(second, { daily: 30 });
    const more = await reserveMany([
      request(second, 30),
      request(second, 25, cappedToo), // short of the balance (0.20 left), though within its cap
      request(second, 20, cappedToo), // fits both: the refused 0.25 took nothing of the cap
    ]);
    expect(verdicts(more)).toEqual([20, 'balance', 0]);
    expect((await accounts.spendOf([cappedToo]))[cappedToo]).toEqual({ today: 0.2, month: 0.2 });
  });

  it('should take the mix in arrival order through the credits service', async () => {
    // Postgres: the first reservation finds the queue idle and runs alone, the other four are
    // one round behind it. Embedded: each is a check and a hold in the order asked.
    const credits = new CreditsService(db);
    const id = await account(70);
    const outcomes = await Promise.all(MIX.map((amount) => credits.reserve(request(id, amount))));
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true, true, false]);
    const capped = await account(10_000);
    const keyId = await key(capped, { daily: 70 });
    const cappedOutcomes = await Promise.all(
      MIX.map((amount) => credits.reserve(request(capped, amount, keyId))),
    );
    expect(cappedOutcomes.map((o) => o.ok)).toEqual([true, false, true, true, false]);
  });
});
