import { register } from 'prom-client';
import { sampledGauge } from './sampled-gauge.js';

describe(sampledGauge.name, () => {
  afterEach(() => register.clear());

  it('should read each tracked object when the metrics are scraped, not before', async () => {
    const sut = sampledGauge({ name: 'spec_state', help: 'h', labelNames: ['name'] as const });
    const breaker = { name: 'rdw', state: 0, reads: 0 };
    sut.track('rdw', breaker, (b) => {
      b.reads++;
      return { labels: { name: b.name }, value: b.state };
    });
    expect(breaker.reads).toBe(0);
    expect(await register.metrics()).toContain('spec_state{name="rdw"} 0');
    breaker.state = 2;
    expect(await register.metrics()).toContain('spec_state{name="rdw"} 2');
    expect(breaker.reads).toBe(2);
  });

  it('should let a later object under the same key replace the first, and skip a null sample', async () => {
    const config = { name: 'spec_age', help: 'h', labelNames: ['d'] as const };
    const read = (s: { age: number | null }) =>
      s.age === null ? null : { labels: { d: 'x' }, value: s.age };
    sampledGauge(config).track('x', { age: 10 }, read);
    sampledGauge(config).track('x', { age: 3 }, read);
    expect(await register.metrics()).toContain('spec_age{d="x"} 3');
    sampledGauge(config).track('x', { age: null }, read);
    expect(await register.metrics()).not.toContain('spec_age{');
  });
});
