import type { Closing, Hold } from './closing.js';
import { add, type AccountBook } from './embedded-books.js';
import type { LedgerBatch } from './ledger-batch.js';
import type { LoadedBooks } from './loaded-books.js';

/**
 * How a charge moves through the embedded books (EmbeddedCredits): held while its call runs,
 * pending once closed (journaled, waiting for its group commit), then committed.
 *
 * A reservation closed with `charged`: what it held leaves `held`, what it charged is pending
 * until its commit; on its key's book too. The account's book.
 */
export function closeOnBooks(books: LoadedBooks, hold: Hold, charged: number): AccountBook {
  const book = books.bookOf(hold.accountId);
  book.held -= hold.amount;
  book.pending += charged;
  const key = hold.keyId ? books.keys.get(hold.keyId) : undefined;
  if (key) {
    add(key.held, hold.day, -hold.amount);
    add(key.pending, hold.day, charged);
  }
  return book;
}

/** A commit wrote `batch`: its charges leave the pending parts and the committed balances. */
export function commitOnBooks(books: LoadedBooks, batch: LedgerBatch): void {
  for (const [accountId, charged] of batch.charged) {
    const book = books.bookOf(accountId);
    book.pending -= charged;
    book.committed -= charged;
  }
  for (const [keyId, days] of batch.spent) {
    const key = books.keys.get(keyId);
    if (key) for (const { day, charged } of days) add(key.pending, day, -charged);
  }
}

/** A closing's journal write failed: nothing of it was kept, so it is held again. */
export function reopenOnBooks(books: LoadedBooks, { hold, charged }: Closing): void {
  const book = books.bookOf(hold.accountId);
  book.pending -= charged;
  book.held += hold.amount;
  const key = hold.keyId ? books.keys.get(hold.keyId) : undefined;
  if (key) {
    add(key.pending, hold.day, -charged);
    add(key.held, hold.day, hold.amount);
  }
}
