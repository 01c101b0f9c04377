import { FACILITATOR_ERROR, FAILURE_MESSAGES, failureFor } from './x402.failures.js';

describe(failureFor.name, () => {
  it('should keep a reason of the x402 vocabulary, with our line for it', () => {
    expect(failureFor('invalid_exact_evm_transaction_failed')).toEqual({
      reason: 'invalid_exact_evm_transaction_failed',
      message: FAILURE_MESSAGES['invalid_exact_evm_transaction_failed'],
    });
  });

  it.each([
    ['a reason we do not know', 'nonce_too_low'],
    [
      'free text',
      'Nonce too low.\nRequest Arguments:\n  from: 0x5B35ca3268D28f54E7ccc36379Be0Aecd2075AE7',
    ],
    ['no reason', undefined],
    ['a name of Object.prototype', 'constructor'],
  ])('should answer %s as our own stable code', (_case, reason) => {
    expect(failureFor(reason)).toEqual({
      reason: FACILITATOR_ERROR,
      message: FAILURE_MESSAGES[FACILITATOR_ERROR],
    });
  });

  it.each(Object.entries(FAILURE_MESSAGES))(
    'should tell %s in one line under 200 characters, without hex',
    (reason, message) => {
      expect(reason).toMatch(/^[a-z0-9_]+$/);
      expect(message.length).toBeLessThan(200);
      expect(message).not.toMatch(/[\r\n]|0x[0-9a-f]/i);
    },
  );
});
