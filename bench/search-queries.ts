/**
 * What a person types into the search box of this mind: a component name, a component and what
 * went wrong with it, a function name, or two everyday words. Drawn from the same topic catalog as
 * the generated mind (rebuilt from its seed and size), each component equally likely, so queries range from
 * selective to common the way real ones do.
 */
import { createRng } from './generate/prng';
import { catalogFor } from './generate/topics';

export function searchQueries(seed: number, memories: number, count: number): string[] {
  const catalog = catalogFor(seed, memories);
  const rng = createRng((seed ^ 0x5ea4c4) >>> 0);
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const topic = rng.pick(catalog.topics);
    const r = rng.next();
    if (r < 0.35) queries.push(topic.name);
    else if (r < 0.6) queries.push(`${rng.pick(topic.nouns)} ${topic.name}`);
    else if (r < 0.8) queries.push(rng.pick(topic.functions));
    else queries.push(`${catalog.pickNoun(rng)} ${rng.pick(topic.nouns)}`);
  }
  return queries;
}
