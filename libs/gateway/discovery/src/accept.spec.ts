import { prefersJson } from './accept.js';

describe('prefersJson', () => {
  it.each([
    ['application/json', true],
    ['application/json, text/html;q=0.5', true],
    ['application/*', true],
    ['text/html;q=0.2, application/json;q=0.9', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['*/*', false],
    ['text/html', false],
    ['application/json;q=0.5, text/*', false],
    ['', false],
  ])('%j → %s', (accept, json) => {
    expect(prefersJson(accept)).toBe(json);
  });

  it('should give the page to a request without Accept', () => {
    expect(prefersJson(undefined)).toBe(false);
  });
});
