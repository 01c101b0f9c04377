/**
 * Parts of the README that are generated (the env table, the sandbox table) sit between
 * `<!-- <name>:start -->` and `<!-- <name>:end -->`; this puts a fresh rendering in between.
 */
export function withReadmeBlock(readme: string, name: string, content: string): string {
  const startMarker = `<!-- ${name}:start -->`;
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`README has no ${name} markers`);
  return `${readme.slice(0, start + startMarker.length)}\n${content}\n${readme.slice(end)}`;
}
