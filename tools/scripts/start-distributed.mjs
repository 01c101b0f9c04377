// `npm run start:distributed`: the distributed profile on one machine. Starts every domain
// service and the gateway as separate processes that talk over NATS and use PostgreSQL and
// Redis, waits until each is ready, and stops them all together.
//
//   NATS_URL=nats://127.0.0.1:4222 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//   REDIS_URL=redis://127.0.0.1:6379 npm run start:distributed
//
// PORT is the gateway's port (default 3000); services get PORT+101, +102, … for health/metrics.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const missing = ['NATS_URL', 'DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`Set ${missing.join(', ')} first, for example:
  NATS_URL=nats://127.0.0.1:4222 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run start:distributed`);
  process.exit(2);
}

/** Every service app (the one list in libs/composition), then the gateway. */
const { SERVICE_NAMES: SERVICES } = await import(
  join(root, 'dist', 'libs', 'composition', 'src', 'parts.js')
);
const gatewayPort = Number(process.env.PORT ?? 3000);
const apps = [
  ...SERVICES.map((name, i) => ({ name, port: gatewayPort + 101 + i })),
  { name: 'gateway', port: gatewayPort },
];

const children = [];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3_000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitReady(app) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${app.port}/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${app.name} was not ready on port ${app.port} within 60 s`);
}

for (const app of apps) {
  const child = spawn(process.execPath, [join(root, 'dist', 'apps', app.name, 'src', 'main.js')], {
    env: { ...process.env, PORT: String(app.port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${app.name} exited with code ${code}; stopping the others.`);
      stop(code || 1);
    }
  });
  children.push(child);
  await waitReady(app);
}
process.stdout.write(
  `\n  NL Data API (distributed) is listening on http://127.0.0.1:${gatewayPort}\n  Services: ${SERVICES.map((s, i) => `${s} (health on :${gatewayPort + 101 + i})`).join(', ')}\n\n`,
);
