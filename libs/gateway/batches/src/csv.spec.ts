import { csvField, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('should read quoted fields, doubled quotes and both line ends', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
  });

  it('should take a semicolon as the delimiter when the header has one and no comma', () => {
    expect(parseCsv('vat_number;country\nNL1;NL\n')).toEqual([
      ['vat_number', 'country'],
      ['NL1', 'NL'],
    ]);
  });

  it('should skip blank lines and a byte-order mark, and keep a line break inside quotes', () => {
    expect(parseCsv('\ufeffa\n\n"1\n2"\n\n')).toEqual([['a'], ['1\n2']]);
  });

  it('should name the line of a quote that never closes', () => {
    expect(() => parseCsv('a\n1\n"open\n')).toThrow('line 3');
  });

  it('should quote a field only when it must', () => {
    expect([csvField('plain'), csvField('a,b'), csvField('say "x"'), csvField('1\n2')]).toEqual([
      'plain',
      '"a,b"',
      '"say ""x"""',
      '"1\n2"',
    ]);
  });
});
