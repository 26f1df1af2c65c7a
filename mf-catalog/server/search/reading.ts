// How each typed word is read: as itself, by its stem, as the beginning of a longer word (the last
// word while typing), or as a typo of a catalogue word within the budget.
import type { MatchKind, SearchTuning } from './tuning.ts';
import { editsAllowed, type Vocabulary } from './vocabulary.ts';

/** A catalogue word a typed word stands for, and how much a match of it counts (0-1). */
export interface Candidate {
  word: number;
  quality: number;
  /**
   * Whether descriptions count. A typed beginning stands for many words, most of them only in
   * descriptions ("cha" for "charges"): as a prefix a word matches titles, brands, categories and
   * colours only, which keeps suggestions about products and their cost bounded.
   */
  inDescriptions: boolean;
}

export interface WordReading {
  typed: string;
  /** The catalogue word it was read as (its most used form); null when it matches nothing. */
  matched: string | null;
  kind: MatchKind | null;
  candidates: Candidate[];
}

export interface ReadOptions {
  typos: boolean;
  /** The last word also matches as the beginning of longer words. */
  prefix: boolean;
}

function mostUsed(vocabulary: Vocabulary, ids: readonly number[]): number {
  return ids.reduce((best, id) =>
    vocabulary.frequency[id]! > vocabulary.frequency[best]! ||
    (vocabulary.frequency[id] === vocabulary.frequency[best] && vocabulary.compareWords(id, best) < 0)
      ? id
      : best,
  );
}

export function readWord(typed: string, last: boolean, vocabulary: Vocabulary, tuning: SearchTuning, options: ReadOptions): WordReading {
  const { quality } = tuning;
  const candidates = new Map<number, Candidate>();
  const offer = (word: number, quality: number, inDescriptions = true) => {
    if (vocabulary.frequency[word]! > 0 && quality > (candidates.get(word)?.quality ?? 0)) candidates.set(word, { word, quality, inDescriptions });
  };
  const done = (matched: number, kind: MatchKind): WordReading => ({
    typed,
    matched: vocabulary.words[matched]!,
    kind,
    candidates: [...candidates.values()],
  });

  const exact = vocabulary.idOf(typed);
  if (exact !== undefined) offer(exact, quality.exact);
  const siblings = vocabulary.sameStem(typed).filter((id) => vocabulary.frequency[id]! > 0);
  for (const id of siblings) offer(id, quality.stem);
  const prefixed = options.prefix && last && [...typed].length >= tuning.prefixMinLetters ? vocabulary.startingWith(typed, tuning.prefixWords) : [];
  for (const id of prefixed) offer(id, quality.prefix, false);
  if (exact !== undefined && candidates.has(exact)) return done(exact, 'exact');
  if (siblings.length > 0) return done(mostUsed(vocabulary, siblings), 'stem');
  if (prefixed.length > 0) return done(prefixed[0]!, 'prefix');

  // Only when the word is not the catalogue's: one correction, the nearest, most used word, and its other forms.
  const allowed = options.typos ? editsAllowed(typed, tuning.typoBudget) : 0;
  const found = vocabulary.typoCandidates(typed, allowed);
  if (found.length === 0) return { typed, matched: null, kind: null, candidates: [] };
  const nearest = Math.min(...found.map((candidate) => candidate.edits));
  const corrected = mostUsed(
    vocabulary,
    found.filter((candidate) => candidate.edits === nearest).map((candidate) => candidate.id),
  );
  const value = quality.typo[nearest - 1]!;
  offer(corrected, value);
  for (const id of vocabulary.sameStem(vocabulary.words[corrected]!)) offer(id, value);
  return done(corrected, 'typo');
}
