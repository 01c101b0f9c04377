import 'reflect-metadata';
import { AccountsService, KeyRevocations } from '@nl/gateway-access';
import { AdminService, runAdminCli } from '@nl/gateway-admin';
import { GATEWAY_DATABASE } from '@nl/gateway-app';
import { CreditsService } from '@nl/gateway-ledger';
import { ConfigError, loadPlatformConfig } from '@nl/platform-config';
import {
  DatabaseLockedError,
  DataDirError,
  closeDatabase,
  holdDataDirsAs,
  openDatabase,
} from '@nl/platform-database';
import { createLogger } from '@nl/platform-logging';

// `npm run admin -- <command>`: account administration on the configured database. Works on a
// fresh database too (it runs the gateway's migrations first). Refuses to open the embedded
// database while a running server holds it. With REDIS_URL set, revocations and account
// changes are announced to every running gateway replica.
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const config = loadPlatformConfig({ service: 'admin', profile: 'standalone' });
  const logger = createLogger({ service: 'admin', level: 'error', destination: process.stderr });
  let db;
  // A server refused by this process's lock then names the admin CLI, not `npm start`.
  holdDataDirsAs('admin CLI');
  try {
    db = await openDatabase(config.database, [GATEWAY_DATABASE]);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError || error instanceof DataDirError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const revocations = new KeyRevocations(config, logger);
  try {
    const credits = new CreditsService(db);
    return await runAdminCli(argv, {
      admin: new AdminService(new AccountsService(db, credits, revocations), credits, db),
      print: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await revocations.onApplicationShutdown();
    await closeDatabase(db);
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
