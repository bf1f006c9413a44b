import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('hands out the same statement for the same SQL and keeps only the most recently used', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw, 2);
    const a = db.prepare('select 1');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 2');
    db.prepare('select 1'); // now the most recent of the two
    db.prepare('select 3'); // evicts "select 2"
    expect(db.prepare('select 1')).toBe(a);
    const two = db.prepare('select 2');
    expect(db.prepare('select 2')).toBe(two);
    db.close();
    expect(raw.open).toBe(false);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const db = withStatementCache(new SQLite(':memory:'));
    const first = db.prepare('select 1 as n union all select 2');
    const rows = first.iterate([]);
    rows.next();
    const second = db.prepare('select 1 as n union all select 2');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    db.close();
  });

  it('re-prepares transparently after the schema changes', () => {
    const db = withStatementCache(new SQLite(':memory:'));
    db.prepare('create table t (a integer)').run([]);
    db.prepare('insert into t (a) values (?)').run([1]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    db.prepare('alter table t add column b integer default 7').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: 7 }]);
    db.close();
  });
});
