/**
 * A field's change as words removed and added (the `diff` package's diffWords, not a hand-written
 * diff). Objects (a memory's fields) are compared key by key, each key's value as text. A value
 * that is not prose (a number, a time, an id) is replaced whole: "0.6|667 → 0.7|143" reads worse.
 */
import { diffWords } from 'diff';
import { isMemoryId } from '../../../shared/model';
import { hrefOf } from '../../app/router';
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
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * A list of texts (what a memory was derived from, its evidence) item by item: kept, removed,
 * added; a memory's id links to it.
 */
export function ListDiff({ before, after }: { before: readonly string[]; after: readonly string[] }) {
  const [old, now] = [new Set(before), new Set(after)];
  const items = [...before.map((item) => ({ item, change: now.has(item) ? 'kept' : 'removed' })), ...after.filter((item) => !old.has(item)).map((item) => ({ item, change: 'added' }))];
  return (
    <ul className="list-diff">
      {items.map(({ item, change }) => {
        const shown = isMemoryId(item) ? <a href={hrefOf.memory(item)}>{item}</a> : item;
        return <li key={`${change}:${item}`}>{change === 'added' ? <ins>{shown}</ins> : change === 'removed' ? <del>{shown}</del> : shown}</li>;
      })}
    </ul>
  );
}

/** One changed field: a bag of fields diffs each key that moved, a list item by item, anything else as one text. */
export function FieldDiff({ before, after }: { before: unknown; after: unknown }) {
  const absent = (value: unknown) => value === undefined || value === null;
  if ((isTextList(before) || absent(before)) && (isTextList(after) || absent(after)) && !(absent(before) && absent(after))) {
    return <ListDiff before={isTextList(before) ? before : []} after={isTextList(after) ? after : []} />;
  }
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
