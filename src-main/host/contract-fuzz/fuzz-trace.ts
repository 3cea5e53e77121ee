/**
 * How the fuzz writes down what it did, so a shrunk counterexample reads as a list of calls: each
 * payload as JSON with odd characters escaped (a lone surrogate shows as \udfff, not as a box) and
 * long strings cut to their start and length, then what came back.
 */
import type { CallOutcome } from './fuzz-host';

const LONG = 80;

export function showValue(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const text = JSON.stringify(value, (_key, field: unknown) =>
    typeof field === 'string' && field.length > LONG ? `${field.slice(0, 24)}…(${field.length} chars)` : field,
  );
  // Escape what a terminal would hide or reorder: controls, format characters, non-ASCII (JSON already wrote lone surrogates as \udfff).
  return (text ?? String(value)).replace(/[^\x20-\x7e…]/gu, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

export function showOutcome(outcome: CallOutcome): string {
  switch (outcome.kind) {
    case 'answer':
      return outcome.result.ok ? `ok ${showValue(outcome.result.value).slice(0, 160)}` : `${outcome.result.error.code}: ${outcome.result.error.message.slice(0, 200)}`;
    case 'no_answer':
      return `no answer in ${Math.round(outcome.ms)} ms (host ${outcome.hostAnswersPings ? 'still answers pings' : 'answers nothing'}, ${outcome.rssMb} MB)`;
    case 'host_died':
      return `host died: ${outcome.why}`;
  }
}

/** One line of a trace: `3. memories.edit {"id":"ep_…","expectedVersion":2} → ok …`. */
export function traceLine(index: number, name: string, payload: unknown, outcome: CallOutcome | null, concurrent = false): string {
  return `${index}.${concurrent ? ' (concurrently)' : ''} ${name} ${showValue(payload)}${outcome ? ` → ${showOutcome(outcome)}` : ''}`;
}
