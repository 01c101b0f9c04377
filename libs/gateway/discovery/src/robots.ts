import { DISCOVERY_LINKS } from './discovery-links.js';

/** Paths no crawler has a reason to fetch: pages behind a sign-in, the admin API, paid calls. */
const PRIVATE = ['/dashboard', '/admin', '/v1/', '/api/v1/', '/mcp'];

/**
 * robots.txt: the front page, the docs and the discovery files may be read; the dashboard, the
 * admin API and the paid calls (`/v1/`, and its `/api/v1/` aliases) may not, nor the MCP server
 * (a tool server, not a page). It points to llms.txt for agents.
 */
export function robotsTxt(base: string): string {
  const open = DISCOVERY_LINKS.map((l) => l.path).filter(
    (path) => !PRIVATE.some((p) => path.startsWith(p)),
  );
  return [
    '# NL Data API. Agents: read llms.txt for what the API offers and how to call it.',
    `# ${base}/llms.txt`,
    'User-agent: *',
    'Allow: /$',
    ...open.map((path) => `Allow: ${path}`),
    ...PRIVATE.map((path) => `Disallow: ${path}`),
    '',
  ].join('\n');
}
