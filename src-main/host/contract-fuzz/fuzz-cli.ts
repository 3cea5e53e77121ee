/**
 * The contract fuzz as a process (`node --import tsx fuzz-cli.ts --seed N --scale K`), for the
 * bench (`npm run bench -- --fuzz`), which may not import the API: prints the report as one JSON line.
 */
import { parseArgs } from 'node:util';
import { QUICK_FUZZ, runContractFuzz } from './contract-fuzz';

const { values } = parseArgs({ options: { seed: { type: 'string' }, scale: { type: 'string' } } });
const scale = Number(values.scale ?? 10);
const report = await runContractFuzz({
  ...QUICK_FUZZ,
  seed: Number(values.seed ?? 27),
  payloadsPerCall: QUICK_FUZZ.payloadsPerCall * scale,
  sequences: QUICK_FUZZ.sequences * scale,
  maxSteps: QUICK_FUZZ.maxSteps * 2,
  raceSearch: QUICK_FUZZ.raceSearch * 4,
  raceWidth: 8,
  progress: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${JSON.stringify(report)}\n`);
