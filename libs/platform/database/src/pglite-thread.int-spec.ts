import { testConfig } from '@nl/testing';
import type { DataSource } from 'typeorm';
import { closeDatabase, embeddedThread, openDatabase } from './open-database.js';
import type { PGliteThread } from './pglite-thread.js';

const COUNTER = { entities: [], migrations: [] };

describe('PGlite in its own thread', () => {
  let db: DataSource;
  let thread: PGliteThread;

  beforeAll(async () => {
    db = await openDatabase(testConfig('pglite-thread', 'standalone').database, [COUNTER]);
    const found = embeddedThread(db);
    if (!found) throw new Error('the standalone profile should run PGlite in a thread');
    thread = found;
    await db.query('CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, note text)');
  });
  afterAll(() => closeDatabase(db));
  beforeEach(() => db.query('TRUNCATE t'));

  it('should answer node-postgres queries with typed rows and parameters', async () => {
    await db.query('INSERT INTO t VALUES ($1, $2), ($3, $4)', [1, 'één', 2, null]);
    expect(await db.query('SELECT id, note FROM t ORDER BY id')).toEqual([
      { id: 1, note: 'één' },
      { id: 2, note: null },
    ]);
  });

  it('should report a server error on the query that caused it and keep serving', async () => {
    await db.query('INSERT INTO t VALUES (1, $1)', ['a']);
    await expect(db.query('INSERT INTO t VALUES (1, $1)', ['b'])).rejects.toMatchObject({
      code: '23505',
    });
    expect(await db.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 1 }]);
  });

  const insert = (name: string, id: number, note: string) => {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32BE(id);
    return { name, text: 'INSERT INTO t VALUES ($1::int, $2)', values: [bytes, note] };
  };

  it('should run statements of its own with binary and text parameters, and throw their errors', async () => {
    await thread.execute(insert('t_insert', 7, 'seven'));
    await thread.execute(insert('t_insert', 8, 'eight'));
    await expect(thread.execute(insert('t_insert', 8, 'again'))).rejects.toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate'),
    });
    expect(await db.query('SELECT id, note FROM t ORDER BY id')).toEqual([
      { id: 7, note: 'seven' },
      { id: 8, note: 'eight' },
    ]);
  });

  it('should prepare a statement again after its first run failed, whatever the failure', async () => {
    await db.query('INSERT INTO t VALUES (5, $1)', ['taken']);
    // Parsed, then failed at execution: the name is prepared on the server all the same.
    await expect(thread.execute(insert('t_first', 5, 'clash'))).rejects.toMatchObject({
      code: '23505',
    });
    await thread.execute(insert('t_first', 6, 'six'));
    await expect(
      thread.execute({ name: 't_bad', text: 'SELECT nope FROM t', values: [] }),
    ).rejects.toMatchObject({ code: '42703' });
    await thread.execute({ name: 't_bad', text: 'SELECT id FROM t', values: [] });
    expect(await db.query('SELECT id FROM t ORDER BY id')).toEqual([{ id: 5 }, { id: 6 }]);
  });

  it('should hold its own statements back while the connection is inside a transaction', async () => {
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await runner.query('INSERT INTO t VALUES (1, $1)', ['in the transaction']);
    let landed = false;
    const own = thread
      .execute({ name: 't_note', text: 'INSERT INTO t VALUES (2, $1)', values: ['own'] })
      .then(() => (landed = true));
    // The transaction's next statements still run; the thread's own one waits for the end.
    await runner.query('UPDATE t SET note = $1 WHERE id = 1', ['still inside']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(landed).toBe(false);
    await runner.rollbackTransaction();
    await runner.release();
    await own;
    expect(await db.query('SELECT id, note FROM t ORDER BY id')).toEqual([{ id: 2, note: 'own' }]);
  });

  it('should run queued statements of its own in the order they were handed over', async () => {
    const sql = 'INSERT INTO t VALUES ((SELECT count(*) FROM t)::int, $1)';
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((note) =>
        thread.execute({ name: 't_next', text: sql, values: [note] }),
      ),
    );
    expect(await db.query('SELECT id, note FROM t ORDER BY id')).toEqual(
      ['a', 'b', 'c', 'd'].map((note, id) => ({ id, note })),
    );
  });

  it('should fail every waiting call once the database is closed, never hang', async () => {
    const other = await openDatabase(testConfig('pglite-thread-2', 'standalone').database, [
      COUNTER,
    ]);
    const own = embeddedThread(other);
    await closeDatabase(other);
    expect(own?.closed).toBe(true);
    await expect(own?.execute({ name: 'x', text: 'SELECT 1', values: [] })).rejects.toThrow(
      /closed/,
    );
  });
});
