import {
  UPSTREAM_STAND_INS,
  configReader,
  loadConfigSections,
  defineConfigSection,
  withUpstreamStandIns,
  type EnvSource,
} from './config-section.js';
import type { EnvVarSpec } from './env-vars.js';

const VARS: EnvVarSpec[] = [
  {
    name: 'SOURCE_URL',
    description: 'no upstream (e.g. wiring)',
    default: 'https://source.example',
  },
  {
    name: 'LIST_URLS',
    description: 'lists',
    default: 'https://a.example/l.txt,https://b.example/l.txt',
    upstream: 'http',
  },
  { name: 'API_URL', description: 'an API', default: 'https://api.example', upstream: 'http' },
  { name: 'KEYED_URL', description: 'no default', upstream: 'http' },
  { name: 'RESOLVERS', description: 'dns servers', upstream: 'dns' },
];

const STAND_INS = { http: 'http://127.0.0.1:9', dns: '127.0.0.1:9' };

function read(env: EnvSource) {
  const problems: string[] = [];
  const r = configReader(VARS, env, problems);
  return {
    api: r.url('API_URL'),
    lists: r.urls('LIST_URLS'),
    keyed: r.url('KEYED_URL'),
    source: r.url('SOURCE_URL'),
    resolvers: r.string('RESOLVERS'),
    problems,
  };
}

describe(configReader.name, () => {
  it('should give upstreams their declared defaults when the environment sets nothing', () => {
    expect(read({})).toEqual({
      api: 'https://api.example',
      lists: ['https://a.example/l.txt', 'https://b.example/l.txt'],
      keyed: null,
      source: 'https://source.example',
      resolvers: null,
      problems: [],
    });
  });

  it.each(['off', 'OFF', ' off '])('should switch an http upstream off with %j', (value) => {
    expect(read({ API_URL: value, LIST_URLS: value, KEYED_URL: value })).toMatchObject({
      api: null,
      lists: [],
      keyed: null,
      problems: [],
    });
  });

  it('should refuse `off` on a URL variable that is no upstream, naming `off` only for upstreams', () => {
    expect(read({ SOURCE_URL: 'off', API_URL: 'ftp://x' }).problems).toEqual([
      'API_URL must be a http:// or https:// URL, or off',
      'SOURCE_URL must be a http:// or https:// URL',
    ]);
  });

  it('should put stand-ins in place of every upstream default, by kind, and of none other', () => {
    const env = withUpstreamStandIns({}, STAND_INS);
    expect(read(env)).toEqual({
      api: 'http://127.0.0.1:9',
      lists: ['http://127.0.0.1:9'],
      keyed: 'http://127.0.0.1:9',
      source: 'https://source.example',
      resolvers: '127.0.0.1:9',
      problems: [],
    });
  });

  it('should let a value the environment sets win over the stand-in, `off` included', () => {
    const env = withUpstreamStandIns(
      { API_URL: 'http://127.0.0.1:4000', LIST_URLS: 'off' },
      STAND_INS,
    );
    expect(read(env)).toMatchObject({ api: 'http://127.0.0.1:4000', lists: [] });
    expect(env[UPSTREAM_STAND_INS]).toBe(STAND_INS);
  });
});

describe(loadConfigSections.name, () => {
  const section = defineConfigSection('demo', VARS, (r) => ({ api: r.url('API_URL') }));

  it('should show a switched-off upstream as `off` in the resolved settings', () => {
    const [loaded] = loadConfigSections([section], { API_URL: 'off' });
    expect(loaded.value).toEqual({ api: null });
    expect(loaded.resolved).toMatchObject({ API_URL: 'off', LIST_URLS: VARS[1].default });
  });

  it('should show the stand-ins, not the production defaults, when they are in place', () => {
    const [loaded] = loadConfigSections([section], withUpstreamStandIns({}, STAND_INS));
    expect(loaded.resolved).toEqual({
      SOURCE_URL: 'https://source.example',
      LIST_URLS: 'http://127.0.0.1:9',
      API_URL: 'http://127.0.0.1:9',
      KEYED_URL: 'http://127.0.0.1:9',
      RESOLVERS: '127.0.0.1:9',
    });
  });
});
