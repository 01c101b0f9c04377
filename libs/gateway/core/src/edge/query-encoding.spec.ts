import { malformedQuery, malformedQueryOf } from './query-encoding.js';

describe('malformedQuery', () => {
  it.each([
    ['%zz', 'a % without two hex digits'],
    ['a%', 'a % at the end'],
    ['%4', 'a % with one hex digit'],
    ['%c0%80', 'an overlong UTF-8 sequence'],
    ['%E2%82', 'a UTF-8 sequence cut short'],
    ['%ff', 'a byte that is never UTF-8'],
    ['%ed%a0%80', 'an encoded surrogate'],
  ])('should name q=%s (%s)', (value) => {
    expect(malformedQuery(`q=${value}&limit=5`)).toEqual([
      { field: 'q', message: 'q is not valid percent-encoded UTF-8' },
    ]);
  });

  it('should name a malformed name as sent, a decodable one decoded, each once', () => {
    expect(malformedQuery('%zz=1&per%5Fpage=%zz&per_page=%zz&x')).toEqual([
      { field: '%zz', message: '%zz is not valid percent-encoded UTF-8' },
      { field: 'per_page', message: 'per_page is not valid percent-encoded UTF-8' },
    ]);
  });

  it.each(['q=caf%C3%A9', 'q=a+b&limit=5', 'q=%25zz', 'q=&&x=', 'q=%F0%9F%8D%BA', ''])(
    'should accept %j',
    (query) => {
      expect(malformedQuery(query)).toEqual([]);
    },
  );
});

describe('malformedQueryOf', () => {
  it('should look at the query only, not at the path', () => {
    expect(malformedQueryOf('/v1/x%zz')).toEqual([]);
    expect(malformedQueryOf('/v1/x?q=%zz')).toHaveLength(1);
    expect(malformedQueryOf('/v1/x%41?q=a')).toEqual([]);
  });
});
