// Pools of values the case families draw from. Text values are JS strings (encoded per place
// by the caller); "raw" values are byte strings put on the wire exactly as written.

/**
 * Inputs the services accept, per parameter or field name, next to the document's examples:
 * without them nearly every "valid" case would be a well-formed miss. The names and values come
 * from the sandbox examples (docs/sandbox.md) and the fakes' data (ViesFake registry, RdwFake
 * plates, the fuzz DNS zone).
 */
export const GOOD_VALUES: Readonly<Record<string, readonly string[]>> = {
  q: ['bakkerij', 'software', 'softwre', '62.10', 'A', 'computer programming'],
  code: ['62.10', '6210', '62.10.0', 'A', '01', '01.1', '62.01'],
  parent: ['62', 'A', '01.1', '62.1'],
  license_plate: ['TT-601-D', 'TT601D', 'F794KP', 'R759BK', 'XXX99X', 'ZZ999Z'],
  domain: [
    'example.nl',
    'www.example.nl',
    'nomx.example.nl',
    'mailinator.com',
    'nope.example.nl',
    'broken.example.nl',
  ],
  vat_number: ['NL004495445B01', 'BE0244142664', 'DE129273398', 'NL123456782B01', 'NL004495446B01'],
  email: [
    'info@example.nl',
    'x@mailinator.com',
    'a@nomx.example.nl',
    'a@nullmx.example.nl',
    'a@broken.example.nl',
  ],
  companyNumber: ['69599084', '12345678'],
  id: ['NL-12_413', '1'],
};

/** Hostile text: each entry one kind of trouble for normalisation, matching or storage. */
export const UNICODE_TEXT: Readonly<Record<string, string>> = {
  emoji: '👩‍💻🇳🇱🧁',
  rtl: 'مرحبا שלום',
  'rtl-override': '\u202ebakkerij\u202c',
  combining: `e${'\u0301'.repeat(60)}`,
  'zero-width': 'bak\u200bker\u200cij\u200d\ufeff',
  'full-width-digits': '６２．１０',
  nul: 'a\u0000b',
  'c0-controls': '\u0001\u0007\u001b[31m\u0008\u007f',
  newline: 'a\r\nX-Injected: 1',
  tab: '\tbakkerij\t',
  'non-characters': '\ufffe\uffff\u{10ffff}',
  astral: '𝔟𝔞𝔨𝔨𝔢𝔯𝔦𝔧',
  'turkish-i': 'İSTANBUL ıi',
  'sharp-s': 'straße ß ﬀ',
  'lone-surrogate': 'a\ud800b',
  'only-spaces': '\u00a0\u2003\u3000',
  sql: "' OR 1=1; --",
  like: '%_\\%',
  regexp: '(a+)+$[',
  html: '<script>alert(1)</script>',
  proto: '__proto__',
};

/**
 * The classes that have broken services before (NUL and control bytes reach SQL, surrogates
 * and invalid UTF-8 reach encoders), drawn more often than the rest: as text, URL piece or
 * JSON token.
 */
export const DANGEROUS = {
  text: {
    nul: 'a\u0000b',
    'nul-only': '\u0000',
    'lone-surrogate': 'a\ud800b',
    'c0-controls': '\u001b\u0008',
  } as Readonly<Record<string, string>>,
  url: ['%00', 'a%00b', '%ED%A0%80', '%C0%80', '%FF'],
  json: ['"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"\xff"', '"\xed\xa0\x80"'],
};

/** Raw percent-encoded (or not-quite) pieces for a query or path value. */
export const RAW_URL_PIECES: readonly string[] = [
  '%C0%80', // overlong NUL
  '%ED%A0%80', // UTF-8 of a surrogate
  '%FF',
  '%C3', // truncated sequence
  '%F4%90%80%80', // above U+10FFFF
  '%zz',
  '%',
  '%2',
  '%%',
  '%u0041',
  '%00',
  'a%00b',
  '%01%02%1F',
  '%7F',
  '%0D%0A',
  '%E2%80%AE',
  '%2F',
  '%5C',
  '%2e%2e',
  '+',
  '%20',
  '%EF%BB%BF', // BOM
  'a\xffb', // raw byte in the target
  'a\tb', // raw tab
];

/** Raw JSON string tokens (byte strings): escapes and bytes a lenient reader may accept. */
export const RAW_JSON_STRINGS: readonly string[] = [
  '"\\ud800"',
  '"a\\udc00b"',
  '"\\ud800\\ud800"',
  '"\\udbff\\udfff"',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\uffff"',
  '"\\u202e"',
  '"\\x41"', // not a JSON escape
  '"a\tb"', // raw control character: invalid JSON
  '"a\x00b"',
  '"\xff"', // invalid UTF-8
  '"\xc0\x80"', // overlong NUL
  '"\xed\xa0\x80"', // UTF-8 of a surrogate
  '"\xe2\x80"', // truncated
  '"\xe2\x80\xa8"', // U+2028
  '"unterminated',
];

/** Numbers as query text: exponents, specials, -0, huge, and near-numbers. */
export const QUERY_NUMBERS: readonly string[] = [
  '1e3',
  '1e400',
  '-1e400',
  '1e-400',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '+1',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '1.5',
  '1.',
  '.5',
  '01',
  ' 1',
  '1 ',
  '9007199254740993',
  '1'.repeat(400),
  '١٢',
  '１',
  'true',
  'null',
  '[]',
];

/** Numbers as JSON tokens, valid and not (NaN and Infinity are not JSON). */
export const JSON_NUMBERS: readonly string[] = [
  '1e999',
  '-1e999',
  '1e-999',
  '-0',
  '0',
  '1.5',
  '9007199254740993',
  '1'.repeat(400),
  '1E2',
  'NaN',
  'Infinity',
  '-Infinity',
  '01',
  '+1',
  '.5',
  '0x10',
];

/** Values of other JSON types, for a field that should be a string. */
export const WRONG_TYPES: readonly unknown[] = [
  42,
  0,
  -1.5,
  true,
  false,
  null,
  [],
  ['x'],
  {},
  { a: 1 },
  [[[]]],
  '',
  { toString: 'x' },
];

/** Whole bodies that are not a JSON object (byte strings). */
export const NON_OBJECT_BODIES: readonly string[] = [
  '',
  ' ',
  'null',
  'true',
  '1',
  '"str"',
  '[]',
  '[{}]',
  '{',
  '}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\xef\xbb\xbf{}', // BOM
  '\x00',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1} trailing',
];

/** Lengths for the size family; the schema's bounds are added per value. */
export const SIZES: readonly number[] = [0, 1, 2, 1_000, 10_000, 60_000, 70_000];

/** Depths for the nesting family. */
export const DEPTHS: readonly number[] = [20, 1_000, 10_000, 30_000];
