import { jest } from '@jest/globals';
import type { EndpointDefinition } from '@nl/contracts-core';
import { CallState, type GatewayCall } from '@nl/gateway-core';
import { createLogger } from '@nl/platform-logging';
import { type AccountsService, KEY_OWNER, type KeyOwner } from '@nl/gateway-access';
import type { X402Payments } from '@nl/gateway-x402';
import type { CreditsService } from './credits.service.js';
import type { DoubtfulCharges } from './doubtful-charges.js';
import type { ReserveOutcome } from './spend-caps.js';
import { CreditsStep } from './credits.step.js';

describe(CreditsStep.name, () => {
  const mocks = {
    reserve: jest.fn<CreditsService['reserve']>(),
    balance: jest.fn<AccountsService['balance']>(),
    header: jest.fn(),
  };
  const sut = new CreditsStep(
    {
      afterwards: null,
      deliveries: null,
      reserve: mocks.reserve,
      liveBalance: () => undefined,
    } as unknown as CreditsService,
    { balance: mocks.balance } as unknown as AccountsService,
    {} as X402Payments,
    {} as DoubtfulCharges,
    createLogger({ service: 'test', level: 'silent' }),
  );

  /** A call of `price` hundredths by a key without caps. */
  function call(price: number): GatewayCall {
    const state = new CallState();
    state.set(KEY_OWNER, { accountId: 'a1', keyId: 'k1', capped: false } as KeyOwner);
    return {
      endpoint: {
        id: 'cbs.sbi.lookup',
        price: { fresh: price, cached: price },
      } as EndpointDefinition,
      reply: { header: mocks.header },
      requestId: 'r1',
      state,
    } as unknown as GatewayCall;
  }

  describe('before', () => {
    it('should tell a call refused for the balance the balance that refused it', async () => {
      // Read again afterwards, the balance could have risen (a refund) above the price.
      mocks.balance.mockResolvedValue(50);
      const refused: ReserveOutcome = { ok: false, reason: 'balance', balance: 0 };
      mocks.reserve.mockResolvedValue(refused);
      await expect(sut.before(call(10))).rejects.toMatchObject({
        code: 'insufficient_credits',
        message: 'This call costs 0.10 credits; the balance is 0.00.',
      });
      expect(mocks.header).toHaveBeenCalledWith('x-credits-remaining', '0.00');
      expect(mocks.balance).not.toHaveBeenCalled();
    });

    it('should read the balance when the refusal does not carry it', async () => {
      mocks.balance.mockResolvedValue(5);
      mocks.reserve.mockResolvedValue({ ok: false, reason: 'balance' });
      await expect(sut.before(call(10))).rejects.toMatchObject({
        message: 'This call costs 0.10 credits; the balance is 0.05.',
      });
    });
  });
});
