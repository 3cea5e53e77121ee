/** Every import kind this build can read, by kind. */
import type { ImportKind, Importer } from './importer';
import { alexandriaImporter } from './alexandria/alexandria-importer';
import { engramImporter } from './engram/engram-importer';
import { jsonImporter } from './json-import';
import { kernleImporter } from './kernle/kernle-importer';
import { mcpMemoryImporter } from './mcp-memory-importer';
import { transcriptsImporter } from './transcripts-importer';

export const IMPORTERS: Record<ImportKind, Importer> = {
  kernle: kernleImporter,
  engram: engramImporter,
  alexandria: alexandriaImporter,
  'mcp-memory': mcpMemoryImporter,
  transcripts: transcriptsImporter,
  json: jsonImporter,
};
