import 'reflect-metadata';
import { AccountsService, CreditsService, GATEWAY_DATABASE, runAdminCli } from '@nl/gateway-access';
import { ConfigError, loadPlatformConfig } from '@nl/platform-config';
import { openDatabase } from '@nl/platform-database';
import { connect } from 'node:net';

/** True when something accepts connections on 127.0.0.1:port within a moment. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(300, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// `npm run admin -- <command>`: account administration on the configured database. Works on a
// fresh database too (it runs the gateway's migrations first).
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const config = loadPlatformConfig({ service: 'admin', profile: 'standalone' });
  if (config.database.kind === 'pglite' && (await listening(config.http.port))) {
    process.stderr.write(
      `Something is listening on port ${config.http.port}: if it is \`npm start\`, it holds the embedded database (${config.database.dataDir ?? 'memory'}), which only one process may open.\n` +
        'Stop it first, or use the /admin HTTP API of the running server (set ADMIN_TOKEN and send X-Admin-Token).\n',
    );
    return 2;
  }
  const db = await openDatabase(config.database, [GATEWAY_DATABASE]);
  try {
    const credits = new CreditsService(db);
    return await runAdminCli(argv, {
      accounts: new AccountsService(db, credits),
      credits,
      print: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `admin failed: ${(error as Error).stack ?? String(error)}\n`,
    );
    process.exit(1);
  },
);
