import { Counter, Registry, register } from 'prom-client';
import { talliedCounter } from './tallied-counter.js';

describe(talliedCounter.name, () => {
  afterEach(() => register.clear());

  it('should show on a scrape exactly what a counter increased per call shows', async () => {
    const sut = talliedCounter({
      name: 'spec_tallied_total',
      help: 'h',
      labelNames: ['endpoint', 'status'] as const,
    });
    const reference = new Registry();
    const plain = new Counter({
      name: 'spec_tallied_total',
      help: 'h',
      labelNames: ['endpoint', 'status'] as const,
      registers: [reference],
    });
    const calls = [
      { endpoint: 'a', status: '200' },
      { endpoint: 'b', status: '400' },
      { endpoint: 'a', status: '200' },
      { endpoint: 'a', status: '500' },
    ];
    for (const labels of calls) {
      sut.inc(labels);
      plain.inc(labels);
    }
    expect(await register.metrics()).toBe(await reference.metrics());
    sut.inc({ endpoint: 'b', status: '400' });
    plain.inc({ endpoint: 'b', status: '400' });
    expect(await register.metrics()).toBe(await reference.metrics());
    expect(await register.metrics()).toContain('spec_tallied_total{endpoint="b",status="400"} 2');
  });

  it('should share its tallies with a second counter of the same name', async () => {
    const config = { name: 'spec_shared_total', help: 'h', labelNames: ['x'] as const };
    talliedCounter(config).inc({ x: '1' });
    talliedCounter(config).inc({ x: '1' });
    expect(await register.metrics()).toContain('spec_shared_total{x="1"} 2');
  });

  it('should not keep a caller object that changes afterwards', async () => {
    const sut = talliedCounter({ name: 'spec_copy_total', help: 'h', labelNames: ['x'] as const });
    const labels = { x: 'a' };
    sut.inc(labels);
    labels.x = 'b';
    expect(await register.metrics()).toContain('spec_copy_total{x="a"} 1');
  });

  it('should add the amount given to inc, as Counter.inc(labels, value) does', async () => {
    const sut = talliedCounter({
      name: 'spec_amount_total',
      help: 'h',
      labelNames: ['x'] as const,
    });
    sut.inc({ x: 'a' }, 0.5);
    sut.inc({ x: 'a' }, 2);
    sut.inc({ x: 'a' });
    expect(await register.metrics()).toContain('spec_amount_total{x="a"} 3.5');
  });
});
