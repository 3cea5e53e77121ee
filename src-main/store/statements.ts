import type Database from 'better-sqlite3';
import type { Db } from './connection';

const cache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection: hot paths must not re-parse SQL. */
export function stmt(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
