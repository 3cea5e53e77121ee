import { describe, expect, it } from 'vitest';
import { beliefFieldsSchema, MEMORY_TYPES } from '../../../shared/model';
import { checkFields, fieldSpecs, fieldsPatch, fromDraft, toDraft } from './field-specs';

describe('type fields in the edit form', () => {
  it('reads each field kind off the model schemas', () => {
    const belief = fieldSpecs('belief');
    expect(belief.map((s) => s.key)).toEqual(Object.keys(beliefFieldsSchema.shape));
    expect(belief.find((s) => s.key === 'timeframe')).toEqual({ key: 'timeframe', kind: 'enum', options: ['current', 'past', 'always'] });
    expect(fieldSpecs('value').find((s) => s.key === 'priority')).toEqual({ key: 'priority', kind: 'number', min: 0, max: 100, integer: true });
    expect(fieldSpecs('episode').find((s) => s.key === 'lessons')?.kind).toBe('list');
    expect(fieldSpecs('raw')).toEqual([{ key: 'source', kind: 'readonly' }]);
    for (const type of MEMORY_TYPES) expect(fieldSpecs(type).length).toBeGreaterThan(0);
  });

  it('turns form text back into field values, empty meaning remove', () => {
    const [lessons] = fieldSpecs('episode').filter((s) => s.key === 'lessons');
    if (lessons === undefined) throw new Error('episode has lessons');
    expect(fromDraft(lessons, ' one \n\n two ')).toEqual(['one', 'two']);
    expect(toDraft(lessons, ['one', 'two'])).toBe('one\ntwo');
    expect(fromDraft(lessons, '   ')).toBeNull();
  });

  it('sends only the fields the person changed, and checks them against the schema', () => {
    const original = { subject: 'dispatchers', timeframe: 'current' };
    const patch = fieldsPatch('belief', original, { subject: 'dispatchers', timeframe: '', context: 'desktop', predicate: '', beliefType: '' });
    expect(patch).toEqual({ timeframe: null, context: 'desktop' });
    expect(checkFields('belief', original, patch)).toBeNull();
    expect(checkFields('drive', {}, { intensity: 3 })).toMatch(/^intensity: /);
  });
});
