import { endpointAccess } from './endpoint-access.js';

const open = { limits: { free: 5, paid: 60, premium: 100 } };
const gated = { limits: { paid: 60, premium: 100 }, subscription: 'property' };

describe(endpointAccess.name, () => {
  it('should give the tier’s limit where the endpoint has one', () => {
    expect(endpointAccess(open, { tier: 'free', subscriptions: [] })).toEqual({
      available: true,
      limitPerMinute: 5,
    });
    expect(endpointAccess(open, { tier: 'trial', subscriptions: [] })).toEqual({
      available: false,
      missing: 'tier',
    });
  });

  it('should ask the Paid tier, and only the Paid tier, for the subscription', () => {
    expect(endpointAccess(gated, { tier: 'paid', subscriptions: ['kvk'] })).toEqual({
      available: false,
      missing: 'subscription',
    });
    expect(endpointAccess(gated, { tier: 'paid', subscriptions: ['kvk', 'property'] })).toEqual({
      available: true,
      limitPerMinute: 60,
    });
    expect(endpointAccess(gated, { tier: 'premium', subscriptions: [] })).toEqual({
      available: true,
      limitPerMinute: 100,
    });
    expect(endpointAccess(gated, { tier: 'free', subscriptions: ['property'] })).toEqual({
      available: false,
      missing: 'tier',
    });
  });
});
