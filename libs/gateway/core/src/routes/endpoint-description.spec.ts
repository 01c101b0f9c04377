import { findEndpoint } from '@nl/contracts-catalog';
import { describeEndpoint } from './endpoint-description.js';

describe(describeEndpoint.name, () => {
  it('should state price, cached price, limits per tier, cache and x402', () => {
    const sut = describeEndpoint(findEndpoint('cbs.sbi.lookup'));
    expect(sut).toContain('**Price:** 0.10 credits (served from cache: 0.10)');
    expect(sut).toContain('Free: not available, Trial: 60/min, Paid: 300/min, Premium: 600/min');
    expect(sut).toContain('**Cache:** 1 day');
    expect(sut).toContain('accepted, price 0.10 credits in USDC');
  });

  it('should mark the subscription gate and the missing x402 of detail endpoints', () => {
    const sut = describeEndpoint(findEndpoint('ndw.truckparking.get'));
    expect(sut).toContain(
      'Trial: not available, Paid (with subscription): 60/min, Premium: 100/min',
    );
    expect(sut).toContain('**Pay per request (x402):** not accepted');
    // Live occupancy: cached one minute, as often as NDW publishes it.
    expect(sut).toContain('**Cache:** 1 min');
  });

  it('should state the partial price of an answer assembled from several sources', () => {
    expect(describeEndpoint(findEndpoint('property.pandgegevens.get'))).toContain(
      '**Price:** 10.00 credits (served from cache: 1.00; partial answer, a source missing: 1.00)',
    );
  });
});
