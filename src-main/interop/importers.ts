/** The importers this build has, by kind. A kind missing here is "not available" to the CLI and the app. */
import type { ImportKind, Importer } from './importer';
import { jsonImporter } from './json-import';

export const IMPORTERS: Partial<Record<ImportKind, Importer>> = {
  json: jsonImporter,
};
