import { Counter, Gauge, Histogram, Registry, Summary } from 'prom-client';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';

const GOOD = `# HELP a_total Calls, with a \\\\ and a \\n in the help.
# TYPE a_total counter
a_total{endpoint="x",path="C:\\\\dir \\"q\\"\\n"} 3
a_total 1 1700000000000
# TYPE h histogram
h_bucket{le="0.1"} 1
h_bucket{le="1"} 2
h_bucket{le="+Inf"} 2
h_sum 0.55
h_count 2
# TYPE g gauge
g NaN
g{x="1"} -Inf
g{x="2"} Nan
`;

describe(parsePrometheusText.name, () => {
  it('should read types, help, labels with escapes, values and timestamps', () => {
    const sut = parsePrometheusText(GOOD);
    expect(sut.get('a_total')).toMatchObject({
      type: 'counter',
      help: 'Calls, with a \\ and a \n in the help.',
    });
    expect(sampleValue(sut, 'a_total', { path: 'C:\\dir "q"\n' })).toBe(3);
    expect(sampleValue(sut, 'h_count')).toBe(2);
    expect(sut.get('h')?.samples).toHaveLength(5);
    expect(sampleValue(sut, 'g', { x: '1' })).toBe(-Infinity);
    expect(sampleValue(sut, 'g', { x: '2' })).toBeNaN(); // prom-client's spelling; Go reads it
    expect(sampleValue(sut, 'missing')).toBeUndefined();
  });

  it('should accept what prom-client writes for every metric type', async () => {
    const registry = new Registry();
    const registers = [registry];
    new Counter({ name: 'c_total', help: 'c "q"', labelNames: ['a'], registers }).inc({ a: 'é\n' });
    new Gauge({ name: 'g', help: 'g', registers }).set(-1.5e-7);
    new Histogram({ name: 'h', help: 'h', labelNames: ['e'], registers }).observe({ e: 'x' }, 0.3);
    new Summary({ name: 's', help: 's', registers }).observe(2);
    const sut = parsePrometheusText(await registry.metrics());
    expect([...sut.values()].map((f) => [f.name, f.type])).toEqual([
      ['c_total', 'counter'],
      ['g', 'gauge'],
      ['h', 'histogram'],
      ['s', 'summary'],
    ]);
    expect(sampleValue(sut, 'c_total', { a: 'é\n' })).toBe(1);
  });

  it.each([
    ['a bad metric name', '1abc 1'],
    ['a bad label name', 'a{1x="v"} 1'],
    ['a reserved label name', 'a{__x="v"} 1'],
    ['an unquoted label value', 'a{x=v} 1'],
    ['an unknown escape', 'a{x="\\t"} 1'],
    ['an unterminated label value', 'a{x="v} 1'],
    ['a label twice', 'a{x="1",x="2"} 1'],
    ['a value that is not a number', 'a 1,5'],
    ['a value with two points', 'a 1.5.2'],
    ['two spaces before the value', 'a  1'],
    ['a bad timestamp', 'a 1 soon'],
    ['an unknown type', '# TYPE a countr\na 1'],
    ['a TYPE after samples', 'a 1\n# TYPE a gauge'],
    ['a second HELP', '# HELP a x\n# HELP a y\na 1'],
    ['a series twice', 'a{x="1"} 1\na{x="1"} 2'],
    ['interleaved families', 'a 1\nb 1\na{x="1"} 2'],
    ['a negative counter', '# TYPE a_total counter\na_total -1'],
    ['a histogram without +Inf', '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1'],
    [
      'a histogram whose counts fall',
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1',
    ],
    [
      'a histogram whose _count is not the +Inf bucket',
      '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 3',
    ],
    [
      'a histogram with le out of order',
      '# TYPE h histogram\nh_bucket{le="2"} 1\nh_bucket{le="1"} 1\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1',
    ],
    ['a summary with a bad quantile', '# TYPE s summary\ns{quantile="2"} 1\ns_sum 1\ns_count 1'],
  ])('should refuse %s', (_, text) => {
    expect(() => parsePrometheusText(text)).toThrow(/line \d+|: /);
  });
});
