import { DATE_OF_THE_CALL, TIME_OF_THE_CALL, steadyAnswer } from './sandbox-answers.js';

describe('steadyAnswer', () => {
  const from = Date.parse('2026-11-28T09:44:36.100Z');
  const to = from + 500;

  it('should replace the moment and the date of the call, and say which members held them', () => {
    const answer = steadyAnswer(
      200,
      {
        lastFetchedAt: '2026-11-28T09:44:36.154Z',
        nested: [{ date: '2026-11-28' }],
        recorded: '2026-07-24T19:47:03.118715742Z',
        born: '2013-05-17',
        count: 3,
      },
      from,
      to,
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        lastFetchedAt: TIME_OF_THE_CALL,
        nested: [{ date: DATE_OF_THE_CALL }],
        recorded: '2026-07-24T19:47:03.118715742Z',
        born: '2013-05-17',
        count: 3,
      },
      replaced: { lastFetchedAt: TIME_OF_THE_CALL, date: DATE_OF_THE_CALL },
    });
  });

  it('should leave an answer without a moment of the call as it is', () => {
    expect(steadyAnswer(200, { a: ['x', null, 1.5] }, from, to)).toEqual({
      status: 200,
      body: { a: ['x', null, 1.5] },
      replaced: {},
    });
  });
});
