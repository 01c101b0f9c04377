import { DomainError } from '@nl/platform-errors';
import { mediaTypeOf, readUpload } from './batch-upload.js';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? `${error.code}: ${error.message}` : String(error);
  }
  return 'no error';
};

describe('readUpload', () => {
  it('should read a JSON job and refuse members a job does not have', () => {
    expect(readUpload('application/json', { endpoint: 'x', items: [{ a: 1 }] }, {})).toEqual({
      endpoint: 'x',
      items: [{ a: 1 }],
      webhookUrl: undefined,
    });
    expect(
      message(() => readUpload('application/json', { endpoint: 'x', items: [], extra: 1 }, {})),
    ).toMatch(/^bad_request: Unknown member\(s\) extra/);
    expect(message(() => readUpload('application/json', { endpoint: 'x', items: {} }, {}))).toMatch(
      /items/,
    );
    expect(message(() => readUpload('application/json', [1], {}))).toMatch(/JSON object/);
  });

  it('should read NDJSON lines, naming a line that is not JSON', () => {
    const upload = readUpload('application/x-ndjson', '{"a":1}\n\n{"a":2}\r\n', { endpoint: 'x' });
    expect(upload).toEqual({ endpoint: 'x', items: [{ a: 1 }, { a: 2 }], webhookUrl: undefined });
    expect(message(() => readUpload('application/x-ndjson', '{"a":1}\n{nope\n', {}))).toMatch(
      /Line 2/,
    );
  });

  it('should read CSV rows under their header, an empty cell sending no parameter', () => {
    const upload = readUpload('text/csv', 'vat_number,extra\nNL1,\n NL2 ,x\n', {
      endpoint: 'validation.vat.check',
      webhook_url: 'https://h.example/x',
    });
    expect(upload).toEqual({
      endpoint: 'validation.vat.check',
      items: [{ vat_number: 'NL1' }, { vat_number: 'NL2', extra: 'x' }],
      webhookUrl: 'https://h.example/x',
    });
  });

  it('should refuse a CSV whose header repeats a name or whose rows do not fit it', () => {
    expect(message(() => readUpload('text/csv', 'a,a\n1,2\n', {}))).toMatch(/header row/);
    expect(message(() => readUpload('text/csv', 'a,b\n1\n', {}))).toMatch(
      /Row 1 .* 1 fields; the header has 2/,
    );
  });

  it('should read the media type without its parameters', () => {
    expect(mediaTypeOf('Text/CSV; charset=utf-8')).toBe('text/csv');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});
