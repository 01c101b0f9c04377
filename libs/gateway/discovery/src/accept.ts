/** The weight an `Accept` header gives a media type (`type/sub`), by its best matching range. */
function weightOf(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = 0;
  let specificity = -1;
  for (const range of accept.split(',')) {
    const [name, ...params] = range.trim().toLowerCase().split(';');
    const level = name === type ? 2 : name === `${major}/*` ? 1 : name === '*/*' ? 0 : -1;
    if (level < 0 || level < specificity) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (level > specificity || weight > best) best = Number.isFinite(weight) ? weight : 0;
    specificity = level;
  }
  return best;
}

/**
 * Whether a request asks for JSON rather than a page: its `Accept` weighs `application/json`
 * above `text/html`. A browser (`text/html, …, *\/*;q=0.8`) and a request without `Accept` get
 * the page.
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return weightOf(accept, 'application/json') > weightOf(accept, 'text/html');
}
