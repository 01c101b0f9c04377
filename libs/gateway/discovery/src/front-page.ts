import type { EndpointDefinition } from '@nl/contracts-core';
import { html, page, type Html } from '@nl/gateway-dashboard';
import {
  API_NAME,
  API_SUMMARY,
  DISCOVERY_LINKS,
  hrefOf,
  type DiscoveryLink,
} from './discovery-links.js';

/** The front door as JSON: what the API is, how many endpoints, and where to go next. */
export interface FrontDoorIndex {
  readonly name: string;
  readonly description: string;
  readonly endpoints: number;
  /** Whether this server takes x402 payments (X402_PAY_TO is set). */
  readonly x402: boolean;
  readonly links: readonly (Omit<DiscoveryLink, 'path'> & { href: string })[];
}

export function frontDoorIndex(
  catalog: readonly EndpointDefinition[],
  base: string,
  x402: boolean,
): FrontDoorIndex {
  return {
    name: API_NAME,
    description: API_SUMMARY,
    endpoints: catalog.length,
    x402,
    links: DISCOVERY_LINKS.map((link) => ({
      rel: link.rel,
      title: link.title,
      description: link.description,
      href: hrefOf(base, link),
    })),
  };
}

/**
 * The front page: what the API is, the two ways to pay, and the links of the front door. Its
 * links are relative, so they are right whatever host the browser reached; the page is the
 * dashboard's frame (its stylesheets, no inline script or style).
 */
export function frontPage(catalog: readonly EndpointDefinition[], x402On: boolean): Html {
  const x402 = catalog.filter((e) => e.x402).length;
  const perRequest = x402On
    ? html`Without a key, ${x402} of the ${catalog.length} endpoints answer
        <code>402 Payment Required</code> with the price in USDC; the call is repeated with the
        signed payment, and only a successful answer is settled.`
    : html`${x402} of the ${catalog.length} endpoints accept it where it is enabled; it is not
      enabled on this server.`;
  return page({
    title: API_NAME,
    documentTitle: `${API_NAME}: Dutch public-register data per call`,
    body: html`<p>${API_SUMMARY}</p>
      <p>${catalog.length} endpoints, each priced per call; answers are JSON.</p>
      <h2>Two ways to pay</h2>
      <ul>
        <li>
          <strong>An API key with prepaid credits.</strong> Send the key in
          <code>X-Api-Key</code> (or <code>Authorization: Bearer</code>); a successful call costs
          its price in credits, less when it is served from cache. A test key
          (<code>nlk_test_…</code>) answers from recorded data, free.
        </li>
        <li><strong>x402, per request.</strong> ${perRequest}</li>
      </ul>
      <h2>Start here</h2>
      <ul class="links">
        ${DISCOVERY_LINKS.map(
          (link) => html`<li><a href="${link.path}">${link.title}</a>: ${link.description}</li>`,
        )}
      </ul>`,
  });
}
