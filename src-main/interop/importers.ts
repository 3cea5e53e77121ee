/** Every import kind this build can read, by kind (a kind may be missing: callers say it is not available). */
import type { ImportKind, Importer } from './importer';
import { kernleImporter } from './kernle/kernle-importer';
import { mcpMemoryImporter } from './mcp-memory-importer';
import { transcriptsImporter } from './transcripts-importer';

export const IMPORTERS: Partial<Record<ImportKind, Importer>> = {
  kernle: kernleImporter,
  'mcp-memory': mcpMemoryImporter,
  transcripts: transcriptsImporter,
};
