import { dottedSbiCode, normalizeSbiCode, SBI_CODE_PATTERN } from './sbi-code.js';

describe(normalizeSbiCode.name, () => {
  it.each([
    ['62.10', '6210'],
    ['62.10.0', '62100'],
    [' 6210 ', '6210'],
    ['k', 'K'],
    ['01.13.4', '01134'],
  ])('should turn %p into %p', (input, expected) => {
    expect(normalizeSbiCode(input)).toBe(expected);
  });

  it('should leave non-strings for validation to report', () => {
    expect(normalizeSbiCode(42)).toBe(42);
  });
});

describe('SBI_CODE_PATTERN', () => {
  it.each(['A', 'V', '62', '621', '6210', '62100'])('should accept %p', (code) =>
    expect(SBI_CODE_PATTERN.test(code)).toBe(true),
  );
  it.each(['62AB', '6', '621000', 'AB', '', '6-2'])('should refuse %p', (code) =>
    expect(SBI_CODE_PATTERN.test(code)).toBe(false),
  );
});

describe(dottedSbiCode.name, () => {
  it.each([
    ['62100', '62.10.0'],
    ['6210', '62.10'],
    ['621', '62.1'],
    ['62', '62'],
    ['K', 'K'],
  ])('should write %p as %p', (code, expected) => expect(dottedSbiCode(code)).toBe(expected));
});
