import { readFile } from 'node:fs/promises';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

const committed = async (name: string) =>
  JSON.parse(await readFile(new URL(`../../../${name}`, import.meta.url), 'utf8')) as unknown;

// The documents a running server serves are the committed ones, in either profile: the
// standalone process also holds every service, whose message handlers must not add schemas.
describe.each(PROFILES)('the served OpenAPI and AsyncAPI documents (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile);
  });
  afterAll(() => api?.close());

  it.each(['openapi.json', 'asyncapi.json'])('should serve /%s as committed', async (name) => {
    const res = await api.fetch(`/${name}`);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual(await committed(name));
  });
});
