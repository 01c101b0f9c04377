import type { DataSource } from 'typeorm';

/** How often the keys seen since the last write get their `last_used_at`. */
export const KEY_USE_FLUSH_MS = 30_000;

/**
 * When each key was last used, for the dashboard, without a write per call: keys seen are
 * collected in memory and written in one statement at most every 30 s (and on shutdown). A
 * failed write is retried with the next batch; the time shown is accurate to about 30 s.
 */
export class KeyUseTracker {
  private seen = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: DataSource) {}

  touch(keyId: string): void {
    this.seen.add(keyId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, KEY_USE_FLUSH_MS).unref();
  }

  async flush(): Promise<void> {
    if (!this.seen.size) return;
    const ids = [...this.seen];
    this.seen = new Set();
    try {
      await this.db.query('UPDATE gw.api_key SET last_used_at = now() WHERE id = ANY($1::uuid[])', [
        ids,
      ]);
    } catch {
      for (const id of ids) this.touch(id);
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
