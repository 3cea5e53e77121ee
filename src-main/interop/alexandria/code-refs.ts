/**
 * A coding agent's code reference as a Mindloom evidence ref. The ref reads as a person writes it
 * (`src/db/pool.ts`, `src/db/pool.ts#connect`, `src/db/pool.ts:18-20`); its note holds the
 * reference whole as JSON — file, symbol, line range, the commit it was verified at and Alexandria's
 * hash of what it pointed at — which is where anchoring reads the commit and hash from.
 */
import type { SourceVerifiedRef } from '../../mind/code-refs/source-verification';
import type { EvidenceRefInput } from '../../mind/create';

/** Its commit and content hash anchor it at that commit once its repository is named (mind/code-refs/anchor.ts). */
export interface CodeRefDetail extends SourceVerifiedRef {
  file: string;
  symbol: string | null;
  lineStart: number | null;
  lineEnd: number | null;
  /** When the memory holding it was last verified (ISO), if ever. */
  verifiedAt: string | null;
}

/** A whole file grounds as `file`; a symbol or a line range as `code`. */
export function codeEvidenceRef(detail: CodeRefDetail): EvidenceRefInput {
  const lines = detail.lineStart === null ? '' : `:${detail.lineStart}${detail.lineEnd !== null && detail.lineEnd !== detail.lineStart ? `-${detail.lineEnd}` : ''}`;
  const symbol = detail.symbol === null ? '' : `#${detail.symbol}`;
  const precise = lines !== '' || symbol !== '';
  return { kind: precise ? 'code' : 'file', ref: `${detail.file}${symbol}${lines}`, note: JSON.stringify(detail) };
}
