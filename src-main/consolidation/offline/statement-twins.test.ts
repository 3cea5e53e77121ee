/** The twin test on statements as an agent or the offline run words them: another detail in the same pattern is not the same lesson. */
import { describe, expect, it } from 'vitest';
import { LEXICAL_EMBEDDER_ID } from './lexical-embedder';
import { saysTheSame, twinTestFor } from './statement-twins';

describe('saysTheSame', () => {
  it('tells a detail swapped for another (a name, a component, a ticket number) from the same lesson', () => {
    expect(saysTheSame('Ship the xss change to lakeHub', 'Ship the webhook change to telemetryReader')).toBe(false);
    expect(saysTheSame('Deploys to staging need approval', 'Deploys to production need approval')).toBe(false);
    expect(saysTheSame('Investigate warm ingress in tracingIndex (ATLAS-3309)', 'Investigate warm ingress in tracingIndex (ATLAS-3047)')).toBe(false);
  });

  it('takes a rewording whose words are found in the other, by stem or sense, and a detail added, as the same', () => {
    expect(saysTheSame('The flaky tests share one database', 'Flaky tests come from a shared database')).toBe(true);
    expect(saysTheSame('Deploys fail on Fridays', 'Deploys fail on Fridays after lunch')).toBe(true);
    expect(saysTheSame('Deploys fail on Fridays after lunch', 'Deploys fail on Fridays')).toBe(true);
    expect(saysTheSame('A bug in the parser', 'A glitch in the parser')).toBe(true);
  });

  it('applies in the lexical space only: a model reads meaning, and its own threshold stands', () => {
    const [lexical, model] = [twinTestFor(LEXICAL_EMBEDDER_ID), twinTestFor('text-embedding-3-small')];
    expect(lexical('Deploys to staging need approval', 'Deploys to production need approval')).toBe(false);
    expect(model('Deploys to staging need approval', 'Deploys to production need approval')).toBe(true);
  });
});
