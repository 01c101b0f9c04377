import 'reflect-metadata';
import {
  ENDPOINT_LIST_BLOCK,
  GENERATED_PAGES,
  renderEndpointList,
  renderRouteMap,
  routeMap,
  withGeneratedBlock,
} from '@nl/composition';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// `npm run routes`: rewrites docs/routes.md, the route map, from the catalog, the domain
// modules' Nest metadata and the services' source, and the README's list of endpoints from the
// catalog. A test fails while a committed copy differs.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const entries = routeMap(root);
await writeFile(new URL('docs/routes.md', `file://${root}`), renderRouteMap(entries));
const readme = new URL(GENERATED_PAGES.endpointList, `file://${root}`);
await writeFile(
  readme,
  withGeneratedBlock(await readFile(readme, 'utf8'), ENDPOINT_LIST_BLOCK, renderEndpointList()),
);
process.stdout.write(
  `Wrote docs/routes.md: ${entries.length} routes, and the README's endpoints.\n`,
);
