import {
  ENDPOINT_LIST_BLOCK,
  GENERATED_PAGES,
  renderEndpointList,
  renderRouteMap,
  routeMap,
  withGeneratedBlock,
  type RouteEntry,
} from '@nl/composition';
import { ENDPOINT_CATALOG, findEndpoint } from '@nl/contracts-catalog';
import { openApiPath } from '@nl/contracts-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// docs/routes.md, the route map: what `npm run routes` generates from the catalog, the domain
// modules' Nest metadata and the services' source, checked against the code it reads and kept
// as committed.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMMITTED = new URL('../../../docs/routes.md', import.meta.url);

describe('the route map', () => {
  let entries: RouteEntry[];
  beforeAll(() => {
    entries = routeMap(ROOT);
  });
  const entryOf = (id: string) => entries.find((e) => e.endpoint.id === id) as RouteEntry;

  it('should have every catalog row, each answered by a handler of its domain', () => {
    expect(entries.map((e) => e.endpoint.id)).toEqual(ENDPOINT_CATALOG.map((e) => e.id));
    for (const entry of entries.filter((e) => !e.endpoint.planned))
      expect({ id: entry.endpoint.id, file: entry.handler?.file }).toEqual({
        id: entry.endpoint.id,
        file: expect.stringMatching(
          new RegExp(`^libs/domains/${entry.endpoint.domain}/src/\\w+/\\w+\\.handler\\.ts$`),
        ),
      });
  });

  it('should follow a route to its service, upstream and cache entry as the code declares them', () => {
    expect(entryOf('rdw.vehicle.lite')).toMatchObject({
      handler: {
        name: 'VehicleHandler.lite',
        file: 'libs/domains/rdw/src/vehicle/vehicle.handler.ts',
      },
      services: ['VehicleService.lite'],
      upstreams: ['rdw'],
      cache: [{ prefix: 'lite:', ttl: '1 d', stale: '7 d' }],
    });
    // Through a class of its own (KvkProfiles), the key handed down to the cache call.
    expect(entryOf('kvk.company.get')).toMatchObject({
      services: ['CompanyService.profile'],
      upstreams: ['kvk'],
      cache: [{ prefix: 'profile:', ttl: '1 d', stale: '7 d' }],
    });
    // Its own data: no upstream, and no stale window.
    expect(entryOf('cbs.sbi.index')).toMatchObject({
      upstreams: [],
      cache: [{ prefix: 'index:', ttl: '1 d', stale: 'none' }],
    });
  });

  it('should show a row that no service answers yet without a handler', () => {
    const planned = {
      ...findEndpoint('cbs.sbi.lookup'),
      subject: 'cbs.planned.get',
      planned: true,
    };
    const [entry] = routeMap(ROOT, [planned]);
    expect(entry).toMatchObject({ handler: null, services: [], cache: [] });
    expect(renderRouteMap([entry])).toContain('- handler: none');
  });

  it('should match the committed docs/routes.md (run `npm run routes` after changing a route)', async () => {
    expect((await readFile(COMMITTED, 'utf8')) === renderRouteMap(entries)).toBe(true);
  });

  it("should have every endpoint in the README's list, as committed (run `npm run routes`)", async () => {
    const readme = await readFile(
      new URL(`../../../${GENERATED_PAGES.endpointList}`, import.meta.url),
      'utf8',
    );
    expect(readme === withGeneratedBlock(readme, ENDPOINT_LIST_BLOCK, renderEndpointList())).toBe(
      true,
    );
    for (const endpoint of ENDPOINT_CATALOG)
      expect(readme).toContain(` ${openApiPath(endpoint.paths[0])}\``);
  });
});
