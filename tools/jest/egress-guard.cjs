// Tests never leave the machine. Every TCP connection a test process opens (fetch, node:http,
// TLS, database and broker clients all end in net.Socket#connect) must go to the loopback
// range; anything else is refused at once with a message naming this guard, and the test that
// made it fails in afterEach even when the code under test swallowed the error (an upstream
// client turns it into a 503, say). Loaded for every project by jest.preset.cjs.
//
// Not covered: DNS queries that node's c-ares resolver sends itself (the test profile pins
// DNS_SERVERS to a local fake instead) and child processes (they get the pinned profile too).
const net = require('node:net');

const STATE = Symbol.for('nl-data-api.egress-guard');
const state = (globalThis[STATE] ??= { violations: [], installed: false });

const LOCAL =
  /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|0\.0\.0\.0|::)$/i;

/** Host and port of a connect() call in any of its forms; null for a Unix socket or pipe. */
function targetOf(args) {
  let first = args[0];
  if (Array.isArray(first)) first = first[0]; // net.connect passes its normalised arguments
  if (first && typeof first === 'object') {
    if (first.path) return null;
    return { host: first.host ?? 'localhost', port: first.port };
  }
  if (typeof first === 'number' || /^\d+$/.test(String(first)))
    return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: first };
  return null;
}

function isLocal(host) {
  const bare = String(host).replace(/^\[|\]$/g, '');
  return LOCAL.test(bare);
}

if (!state.installed) {
  state.installed = true;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(...args) {
    const target = targetOf(args);
    if (target && !isLocal(target.host)) {
      const message = `egress guard: a test tried to connect to ${target.host}:${target.port}; tests may only reach 127.0.0.0/8 and ::1 (point the client at a fake in libs/testing)`;
      state.violations.push(message);
      const error = Object.assign(new Error(message), { code: 'EGRESS_BLOCKED' });
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, args);
  };
}

/** The guard's own test takes the violation it provoked, so only unexpected ones fail a test. */
globalThis.takeEgressViolations = () => state.violations.splice(0);

afterEach(() => {
  const violations = state.violations.splice(0);
  if (violations.length) throw new Error(violations.join('\n'));
});
