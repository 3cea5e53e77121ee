/**
 * `export --format json|markdown --out FILE [--force]`: the mind as Mindloom JSON (every row, for
 * `import json` to read back) or as Markdown (active beliefs, values and goals by tier, for people).
 * Streamed with progress on stderr; written to FILE.partial and renamed when complete. A relative
 * FILE is taken from the current folder.
 */
import { EXPORT_FORMATS, type ExportFormat } from '../../../../shared/contract/interop';
import { exportMindJson } from '../../../interop/json-export';
import { exportMindMarkdown } from '../../../interop/markdown-export';
import type { FileCommand } from '../command';
import type { CliIo } from '../io';
import { requireMindPath } from '../mind-path';
import { openCliMind } from '../open-mind';
import { json } from '../output';
import { UsageError } from '../usage-error';

export const exportCommand: FileCommand = {
  kind: 'file',
  name: 'export',
  usage: 'export --format json|markdown --out FILE [--force]',
  summary: 'Export the mind: json (every row, streamed; `import json` reads it back) or markdown (active beliefs, values and goals by tier); --force replaces FILE.',
  positionals: [],
  options: { format: { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean' } },
  async run(input) {
    const format = input.options.requiredString('format');
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format is json or markdown, not "${format}".`);
    const out = input.options.requiredString('out');
    const mind = openCliMind(requireMindPath(input.mindPath), input.io);
    try {
      const write = (format as ExportFormat) === 'json' ? exportMindJson : exportMindMarkdown;
      const summary = await write(mind, out, { overwrite: input.options.flag('force'), onProgress: progressReporter(input.io, format as ExportFormat) });
      if (input.json) return json(summary);
      const what = summary.format === 'json' ? `${summary.rows} rows` : `${summary.rows} memories`;
      return `Exported ${what} to ${summary.path} (${(summary.bytes / 1_048_576).toFixed(1)} MB, ${(summary.durationMs / 1000).toFixed(1)} s).`;
    } finally {
      mind.close();
    }
  },
};

/** One stderr line per tenth of the rows (JSON, whose total is known up front). */
function progressReporter(io: CliIo, format: ExportFormat): (done: number, total: number) => void {
  let shownTenth = -1;
  return (done, total) => {
    if (format !== 'json') return;
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth <= shownTenth) return;
    shownTenth = tenth;
    io.stderr.write(`export: ${tenth * 10}% (${done}/${total} rows)\n`);
  };
}
