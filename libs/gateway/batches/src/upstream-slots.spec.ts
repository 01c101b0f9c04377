import { VAT_CHECK_ENDPOINT } from '@nl/contracts-validation';
import { slotKeyOf, UpstreamSlots } from './upstream-slots.js';

describe('slotKeyOf', () => {
  it('should wait for VIES per member state, and for other endpoints per upstream', () => {
    expect(slotKeyOf(VAT_CHECK_ENDPOINT, { vat_number: 'de 129273398' })).toBe('vies:DE');
    expect(slotKeyOf({ ...VAT_CHECK_ENDPOINT, upstreams: ['kvk'] }, {})).toBe('kvk');
    expect(slotKeyOf({ ...VAT_CHECK_ENDPOINT, upstreams: undefined }, {})).toBe('validation');
  });
});

describe('UpstreamSlots', () => {
  it('should let at most the limit through per key, the limit of `vies` holding for each state', async () => {
    const slots = new UpstreamSlots({ vies: 2, default: 1 });
    expect([slots.limitOf('vies:NL'), slots.limitOf('kvk')]).toEqual([2, 1]);
    const order: string[] = [];
    const a = await slots.take('vies:NL');
    const b = await slots.take('vies:NL');
    await slots.take('vies:DE'); // another state has slots of its own
    const c = slots.take('vies:NL').then((free) => (order.push('c'), free));
    const d = slots.take('vies:NL').then((free) => (order.push('d'), free));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    a();
    a(); // a second call gives nothing back twice
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['c']);
    b();
    (await c)();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    // All given back: a new taker gets a slot at once.
    const e = await slots.take('vies:NL');
    const f = await slots.take('vies:NL');
    e();
    f();
  });
});
