/**
 * A field's change as words removed and added (the `diff` package's diffWords, not a hand-written
 * diff). Objects (a memory's fields) are compared key by key, each key's value as text. A value
 * that is not prose (a number, a time, an id) is replaced whole: "0.6|667 → 0.7|143" reads worse.
 */
import { diffWords } from 'diff';
import { valueText, words } from '../../components/format';

const asText = (value: unknown) => (value === undefined || value === null ? '' : valueText(value));

const isProse = (value: unknown) => typeof value === 'string' && /\s/.test(value.trim());

export function WordDiff({ before, after }: { before: unknown; after: unknown }) {
  const [old, now] = [asText(before), asText(after)];
  const parts =
    isProse(before) || isProse(after)
      ? diffWords(old, now)
      : [
          ...(old === '' ? [] : [{ value: old, removed: true, added: false }]),
          ...(now === '' ? [] : [{ value: now, added: true, removed: false }]),
        ];
  return (
    <span className="word-diff">
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i}>{part.value}</ins>
        ) : part.removed ? (
          <del key={i}>{part.value}</del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </span>
  );
}

const isBag = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One changed field: a bag of fields diffs each key that moved, anything else diffs as one text. */
export function FieldDiff({ before, after }: { before: unknown; after: unknown }) {
  if (!isBag(before) && !isBag(after)) return <WordDiff before={before} after={after} />;
  const old = isBag(before) ? before : {};
  const now = isBag(after) ? after : {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((k) => JSON.stringify(old[k]) !== JSON.stringify(now[k]));
  return (
    <dl className="field-diff">
      {keys.map((key) => (
        <div key={key}>
          <dt>{words(key)}</dt>
          <dd>
            <WordDiff before={old[key]} after={now[key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
