import { captureLogs, listeningUrl } from './log-capture.js';

describe('listeningUrl', () => {
  it('should read the URL of a listening line as startApp logs it, and nothing from other lines', () => {
    const { logger, text } = captureLogs('cbs');
    logger.info({ requestId: 'r1', url: 'http://127.0.0.1:1/x' }, 'request');
    logger.info(
      { url: 'http://127.0.0.1:41507', settings: { KVK_URL: 'https://api.kvk.nl/api' } },
      'cbs listening',
    );
    const urls = text()
      .split('\n')
      .map((line) => listeningUrl(line));
    expect(urls.filter(Boolean)).toEqual(['http://127.0.0.1:41507']);
  });
});
