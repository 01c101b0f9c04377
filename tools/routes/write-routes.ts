import 'reflect-metadata';
import { renderRouteMap, routeMap } from '@nl/composition';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// `npm run routes`: rewrites docs/routes.md, the route map, from the catalog, the domain
// modules' Nest metadata and the services' source. A test fails while the committed file differs.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const entries = routeMap(root);
await writeFile(new URL('docs/routes.md', `file://${root}`), renderRouteMap(entries));
process.stdout.write(`Wrote docs/routes.md: ${entries.length} routes.\n`);
