import { jest } from '@jest/globals';
import { ConfigError } from '@nl/platform-config';
import { runMain } from './run-main.js';
import { setStartFallback, takeStartFallback, type StartFallback } from './start-fallback.js';

describe(runMain.name, () => {
  let mocks: {
    exit: jest.SpiedFunction<typeof process.exit>;
    fallback: jest.Mock<StartFallback>;
  };
  beforeEach(() => {
    mocks = {
      exit: jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never),
      fallback: jest.fn<StartFallback>(async () => undefined),
    };
    jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    takeStartFallback();
    jest.restoreAllMocks();
  });

  it('should hand a start that failed for an unexpected reason to the registered fallback', async () => {
    setStartFallback(mocks.fallback);
    const failure = new Error("Nest can't resolve dependencies of the DatabaseHealth");
    await runMain(async () => Promise.reject(failure));
    expect(mocks.fallback).toHaveBeenCalledWith(failure);
    expect(mocks.exit).not.toHaveBeenCalled();
  });

  it.each([
    ['a bad variable', new ConfigError(['PORT must be a number'])],
    ['a port in use', Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })],
  ])(
    'should end the start without the fallback on %s, which the user must fix',
    async (_case, error) => {
      setStartFallback(mocks.fallback);
      await runMain(async () => Promise.reject(error));
      expect(mocks.fallback).not.toHaveBeenCalled();
      expect(mocks.exit).toHaveBeenCalledWith(1);
    },
  );

  it('should end the start with exit code 1 when no fallback is registered', async () => {
    await runMain(async () => Promise.reject(new Error('boom')));
    expect(mocks.exit).toHaveBeenCalledWith(1);
  });

  it('should try the fallback once: a second failure ends the start', async () => {
    setStartFallback(mocks.fallback);
    await runMain(async () => Promise.reject(new Error('first')));
    await runMain(async () => Promise.reject(new Error('second')));
    expect(mocks.fallback).toHaveBeenCalledTimes(1);
    expect(mocks.exit).toHaveBeenCalledWith(1);
  });
});
