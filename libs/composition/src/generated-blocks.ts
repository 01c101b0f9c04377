/**
 * The documentation pages that hold generated blocks, relative to the repository root: the
 * configuration table (`npm run env-docs`), the sandbox table (`npm run openapi`) and the
 * README's list of endpoints (`npm run routes`).
 */
export const GENERATED_PAGES = {
  envTable: 'docs/configuration.md',
  sandboxTable: 'docs/sandbox.md',
  endpointList: 'README.md',
} as const;

/**
 * A generated part of a documentation page sits between `<!-- <name>:start -->` and
 * `<!-- <name>:end -->`; this puts a fresh rendering in between.
 */
export function withGeneratedBlock(page: string, name: string, content: string): string {
  const startMarker = `<!-- ${name}:start -->`;
  const start = page.indexOf(startMarker);
  const end = page.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`the page has no ${name} markers`);
  return `${page.slice(0, start + startMarker.length)}\n${content}\n${page.slice(end)}`;
}
