// `cookie` for Jest: Fastify's `inject` (light-my-request) requires cookie 2, an ES module,
// which Node 20 loads with require() but Jest's module loader does not. light-my-request uses
// one function of it, to write the cookies a caller hands to `inject`; the same, in CommonJS.
'use strict';

/** `name=value` as a Cookie header entry, the value percent-encoded as cookie 2 does. */
function stringifySetCookie(cookie) {
  return `${cookie.name}=${encodeURIComponent(cookie.value)}`;
}

module.exports = { stringifySetCookie };
