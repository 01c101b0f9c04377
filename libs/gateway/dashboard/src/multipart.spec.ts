import { DomainError } from '@nl/platform-errors';
import { parseMultipart } from './multipart.js';

const TYPE = 'multipart/form-data; boundary=----formXyZ';

/** A body as a browser writes it: each part's headers, a blank line, its content. */
function body(parts: readonly { headers: string; content: string }[], boundary = '----formXyZ') {
  const text = parts.map((p) => `--${boundary}\r\n${p.headers}\r\n\r\n${p.content}\r\n`).join('');
  return Buffer.from(`${text}--${boundary}--\r\n`);
}

const field = (name: string, content: string) => ({
  headers: `Content-Disposition: form-data; name="${name}"`,
  content,
});

describe('parseMultipart', () => {
  it('should read text fields and a file as text, CRLFs and non-ASCII inside kept', () => {
    const csv = 'vat_number\r\nNL004495445B01\r\n"Café, ""x"""\r\n';
    const parsed = parseMultipart(
      body([
        field('_csrf', 'token'),
        {
          headers:
            'Content-Disposition: form-data; name="items"; filename="vat.csv"\r\nContent-Type: text/csv',
          content: csv,
        },
        field('webhook_url', ''),
      ]),
      TYPE,
    );
    expect(parsed).toEqual({ _csrf: 'token', items: csv, webhook_url: '' });
  });

  it('should take a quoted boundary, keep the first of a repeated name, and own every name', () => {
    const parsed = parseMultipart(
      body([field('a', '1'), field('a', '2'), field('__proto__', 'x')], 'b o'),
      'multipart/form-data; boundary="b o"',
    );
    expect(parsed['a']).toBe('1');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
  });

  it('should refuse a body it cannot read, naming why', () => {
    const refused = (buffer: Buffer, type = TYPE) => {
      try {
        parseMultipart(buffer, type);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as DomainError).message;
      }
      throw new Error('not refused');
    };
    expect(refused(body([]), 'multipart/form-data')).toMatch(/no boundary/);
    expect(refused(Buffer.from('just text'))).toMatch(/boundary never occurs/);
    expect(refused(Buffer.from('--' + '----formXyZ\r\nContent-Disposition: x'))).toMatch(
      /no end to its headers/,
    );
    expect(refused(Buffer.from('------formXyZ\r\nA: b\r\n\r\nand then nothing'))).toMatch(
      /never ends/,
    );
    const many = body(Array.from({ length: 17 }, (_, i) => field(`f${i}`, 'v')));
    expect(refused(many)).toMatch(/more than 16 parts/);
    expect(Object.keys(parseMultipart(body([field('only', 'v')]), TYPE))).toEqual(['only']);
  });
});
