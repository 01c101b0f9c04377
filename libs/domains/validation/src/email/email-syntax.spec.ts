import { parseEmailAddress } from './email-syntax.js';

const local64 = 'a'.repeat(64);
const label63 = 'b'.repeat(63);
/** A domain of 4 labels of 63 plus `.nl`: 4 × 64 + 2 = 258 characters. */
const longDomain = `${label63}.${label63}.${label63}.${label63}.nl`;

describe(parseEmailAddress.name, () => {
  it.each([
    ['info@example.nl', 'info@example.nl'],
    ['  info@example.nl  ', 'info@example.nl'],
    ['Jan.Jansen@Example.NL', 'Jan.Jansen@example.nl'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
    ["o'reilly@example.ie", "o'reilly@example.ie"],
    ['x@example.museum', 'x@example.museum'],
    ['!#$%&*+-/=?^_`{|}~@example.com', '!#$%&*+-/=?^_`{|}~@example.com'],
    ['"john doe"@example.com', '"john doe"@example.com'],
    ['"a\\"b"@example.com', '"a\\"b"@example.com'],
    ['"a@b"@example.com', '"a@b"@example.com'],
    ['"..."@example.com', '"..."@example.com'],
    ['""@example.com', '""@example.com'],
    ['jan@bücher.de', 'jan@xn--bcher-kva.de'],
    ['test@例え.jp', 'test@xn--r8jz45g.jp'],
    ['jan@xn--bcher-kva.de', 'jan@xn--bcher-kva.de'],
    ['josé@example.es', 'josé@example.es'],
    [`${local64}@example.com`, `${local64}@example.com`],
    [`x@${label63}.com`, `x@${label63}.com`],
    ['x@a-b.example.nl', 'x@a-b.example.nl'],
    ['x@1example.nl', 'x@1example.nl'],
    ['x@example.xn--p1ai', 'x@example.xn--p1ai'],
  ])('should accept %j as %j', (raw, address) => {
    const result = parseEmailAddress(raw);
    expect(result).toMatchObject({ ok: true, address });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['plainaddress', 'missing_at'],
    ['@example.com', 'empty_local'],
    ['jan@', 'empty_domain'],
    ['jan@@example.com', 'several_at'],
    ['a@b@example.com', 'several_at'],
    ['.jan@example.com', 'dot_at_edge'],
    ['jan.@example.com', 'dot_at_edge'],
    ['jan..jansen@example.com', 'consecutive_dots'],
    ['jan@example..com', 'consecutive_dots'],
    ['jan jansen@example.com', 'bad_local_character'],
    ['jan,jansen@example.com', 'bad_local_character'],
    ['jan(comment)@example.com', 'bad_local_character'],
    ['"unclosed@example.com', 'bad_quoted_local'],
    ['"a"b@example.com', 'missing_at'],
    ['"line\nbreak"@example.com', 'bad_quoted_local'],
    [`${local64}a@example.com`, 'local_too_long'],
    [`"${'a'.repeat(63)}"@example.com`, 'local_too_long'],
    ['jan@example.com.', 'trailing_dot'],
    ['jan@localhost', 'single_label_domain'],
    ['jan@[192.0.2.1]', 'address_literal'],
    ['jan@[IPv6:2001:db8::1]', 'address_literal'],
    ['jan@-example.com', 'bad_domain_character'],
    ['jan@example-.com', 'bad_domain_character'],
    ['jan@exa_mple.com', 'bad_domain_character'],
    ['jan@exa mple.com', 'bad_domain_character'],
    [`x@${label63}b.com`, 'label_too_long'],
    ['jan@example.123', 'numeric_tld'],
    ['jan@192.168.1.1', 'numeric_tld'],
    [`x@${longDomain}`, 'domain_too_long'],
    [
      `${local64}@${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.nl`,
      'address_too_long',
    ],
  ])('should refuse %j (%s)', (raw, reason) => {
    const result = parseEmailAddress(raw);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.message).toMatch(/\.$/);
  });

  it('should count octets, not characters, against the 64-octet local limit', () => {
    expect(parseEmailAddress(`${'é'.repeat(32)}@example.com`).ok).toBe(true);
    expect(parseEmailAddress(`${'é'.repeat(33)}@example.com`)).toMatchObject({
      ok: false,
      reason: 'local_too_long',
    });
  });

  it('should give the Unicode and punycode forms of an IDN domain', () => {
    expect(parseEmailAddress('Jan@Bücher.DE')).toEqual({
      ok: true,
      local: 'Jan',
      domain: 'xn--bcher-kva.de',
      domainUnicode: 'bücher.de',
      address: 'Jan@xn--bcher-kva.de',
    });
  });
});
