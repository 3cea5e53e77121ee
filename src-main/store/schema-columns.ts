/**
 * A select list that names each column of a schema table by its TypeScript key (`run_id AS
 * "runId"`), so a raw SQL row comes back as the table's drizzle row type: the schema is the one
 * place a row's shape is written down, instead of a hand-kept snake_case twin per repository.
 */
import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

export function selectColumns(table: SQLiteTable): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => (key === column.name ? `"${key}"` : `"${column.name}" AS "${key}"`))
    .join(', ');
}
