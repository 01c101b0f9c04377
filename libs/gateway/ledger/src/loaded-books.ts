import type { DataSource } from 'typeorm';
import { KeyBook, keyBookOf, type AccountBook, type KeyRow } from './embedded-books.js';
import { READ_ACCOUNT, READ_KEY } from './embedded-ledger.sql.js';
import { firstRow } from './rows.js';

/**
 * The books EmbeddedCredits keeps: an account's and a capped key's, read from the
 * database at their first call and kept in this process from then on. A book is read once
 * however many calls ask for it at the same time, and every read runs through `serial`
 * (GroupCommits.serial), never while a commit is under way.
 */
export class LoadedBooks {
  readonly accounts = new Map<string, AccountBook>();
  readonly keys = new Map<string, KeyBook>();
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: DataSource,
    private readonly serial: <T>(task: () => Promise<T>) => Promise<T>,
  ) {}

  /** An account's book, read from its committed balance if this process has none yet. */
  account(accountId: string): Promise<AccountBook | undefined> {
    const book = this.accounts.get(accountId);
    if (book) return Promise.resolve(book);
    return this.once(`a:${accountId}`, async () => {
      const row = firstRow<{ balance: string }>(await this.db.query(READ_ACCOUNT, [accountId]));
      if (!row) return undefined;
      const read = this.accounts.get(accountId) ?? { committed: 0, held: 0, pending: 0 };
      read.committed = Number(row.balance);
      this.accounts.set(accountId, read);
      return read;
    });
  }

  /** A key's book, read (again) when this process has none or its caps changed (stale). */
  key(keyId: string): Promise<KeyBook | undefined> {
    const key = this.keys.get(keyId);
    if (key && !key.stale) return Promise.resolve(key);
    return this.once(`k:${keyId}`, () => this.readKey(keyId));
  }

  /** The key's row into its book; call it from a task on the serial queue. */
  async readKey(keyId: string): Promise<KeyBook | undefined> {
    const row = firstRow<KeyRow>(await this.db.query(READ_KEY, [keyId]));
    if (!row) return undefined;
    const read = keyBookOf(row);
    const key = this.keys.get(keyId) ?? new KeyBook(read.caps, read.committed);
    this.keys.set(keyId, Object.assign(key, read));
    return key;
  }

  /** The book of an account a hold was made on: loaded then, and books are never dropped. */
  bookOf(accountId: string): AccountBook {
    const book = this.accounts.get(accountId);
    if (!book) throw new Error(`No book for account ${accountId}`);
    return book;
  }

  private once<T>(name: string, read: () => Promise<T>): Promise<T> {
    const running = this.loading.get(name) as Promise<T> | undefined;
    if (running) return running;
    const loaded = this.serial(read).finally(() => this.loading.delete(name));
    this.loading.set(name, loaded);
    return loaded;
  }
}
