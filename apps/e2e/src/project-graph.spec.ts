import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Graph {
  readonly nodes: Record<string, { data: { tags?: string[] } }>;
  readonly dependencies: Record<string, { target: string }[]>;
}

/** The workspace's project graph as Nx computes it (integration specs are .nxignore'd). */
function projectGraph(): Graph {
  const dir = mkdtempSync(join(tmpdir(), 'nx-graph-'));
  try {
    const file = join(dir, 'graph.json');
    execFileSync('npx', ['nx', 'graph', `--file=${file}`], {
      cwd: ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
    return (JSON.parse(readFileSync(file, 'utf8')) as { graph: Graph }).graph;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the project graph', () => {
  let graph: Graph;
  beforeAll(() => {
    graph = projectGraph();
  }, 120_000);

  it('should have no production project depending on the testing lib', () => {
    const testers = new Set(['type:e2e', 'type:tools', 'type:testing']);
    const upward = Object.entries(graph.dependencies)
      .filter(([name]) => !(graph.nodes[name]?.data.tags ?? []).some((t) => testers.has(t)))
      .flatMap(([name, deps]) => deps.filter((d) => d.target === 'testing').map(() => name));
    expect(upward).toEqual([]);
    expect(Object.keys(graph.nodes)).toEqual(expect.arrayContaining(['domain-rdw', 'testing']));
  });

  it('should keep every domain off other domains’ code: kvk reaches VAT only through contracts', () => {
    const domains = Object.keys(graph.nodes).filter((n) => n.startsWith('domain-'));
    const across = domains.flatMap((name) =>
      (graph.dependencies[name] ?? [])
        .filter((d) => d.target.startsWith('domain-') && d.target !== name)
        .map((d) => `${name} → ${d.target}`),
    );
    expect(across).toEqual([]);
    const kvk = (graph.dependencies['domain-kvk'] ?? []).map((d) => d.target);
    expect(kvk).toEqual(expect.arrayContaining(['contracts-validation']));
    expect(kvk).not.toContain('domain-validation');
  });
});
