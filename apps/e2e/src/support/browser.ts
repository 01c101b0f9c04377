import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Whether the browser tests run: always where Chromium is installed; `.ci/run` requires them
 * (DASHBOARD_BROWSER_TEST=required), so a CI machine without a browser fails instead of skipping.
 */
export function browserTestsRun(): boolean {
  const available = existsSync(CHROMIUM);
  if (!available && process.env['DASHBOARD_BROWSER_TEST'] !== 'required') {
    process.stderr.write(
      `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)\n`,
    );
    return false;
  }
  return true;
}

/** Headless Chromium with nothing that would reach beyond this machine. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
