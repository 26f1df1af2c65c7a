// Titles that contain the typed text as it is (ignoring case), the header search's promise in the
// spec: part of a word ("atch" in "Dive Watch") or a piece across words ("IVE WA"), which the word
// search does not read as any word. Found beside the word search and ranked below every whole title
// word; a title the word search already ranks at least as high is not looked at again.
import { intersect, NOTHING, scored, scoreOf, titleMatches, union, type Scored } from './match.ts';
import type { WordReading } from './reading.ts';
import type { SearchIndex } from './searchIndex.ts';
import { fold, wordsAt } from './text.ts';
import type { SearchTuning } from './tuning.ts';
import type { Place } from './titleWords.ts';

/** Candidates few enough to compare with their titles at once rather than narrowing them by another word first. */
const COMPARE_FROM = 2048;

/** The typed text as titles are searched for it, and where each of its words must sit in a title word. */
export interface TitleText {
  /** Folded as titles are (text.ts), runs of spaces as one. */
  text: string;
  pieces: { piece: string; place: Place }[];
}

/** Null when the text is too short to search titles for, or has no letter or digit to find them by. */
export function titleText(typed: string, tuning: SearchTuning): TitleText | null {
  const text = fold(typed.trim()).replace(/\s+/g, ' ');
  if (text.length < tuning.titleTextMinLength) return null;
  const found = wordsAt(text);
  if (found.length === 0) return null;
  // A word with text before it begins a title word, one with text after it ends one.
  const pieces = found.map(({ word, at }) => {
    const before = at > 0;
    const after = at + word.length < text.length;
    const place: Place = before && after ? 'whole' : before ? 'beginning' : after ? 'end' : 'anywhere';
    return { piece: word, place };
  });
  return { text, pieces };
}

/**
 * The word search's matches with the titles that contain the text added, each such title scored as
 * every typed word being part of a title word (or keeping its better word-search score).
 * `cached` keeps the titles of one piece at its place, as the word cache keeps a word's documents.
 */
export function withTitleText(
  index: SearchIndex,
  words: Scored,
  title: TitleText,
  readings: readonly WordReading[],
  tuning: SearchTuning,
  cached: (key: string, compute: () => Scored) => Scored,
): Scored {
  const fits = fitting(index, title);
  if (!fits) return words;
  const score = readings.length * tuning.fieldWeights[0] * tuning.quality.part;
  // A title whose every piece is a word the reading of that typed word took is a word-search match
  // scored at least this high already: only titles with some other fitting word can add anything.
  const others = fits.map((found, i) => {
    const taken = new Set(readings[i]?.candidates.map((candidate) => candidate.word));
    return found.filter((word) => !taken.has(word));
  });
  if (others.every((found) => found.length === 0)) return words;

  if (title.pieces.length === 1 && title.pieces[0]!.place === 'anywhere') {
    // The text is one run of letters and digits: a title word containing it is the title containing it.
    return union(
      words,
      below(titleMatches(index, others[0]!, score), words, score, () => true),
    );
  }
  const candidates = narrowed(index, title, fits, cached);
  const { documents } = index;
  return union(
    words,
    below(candidates, words, score, (doc) => fold(documents.titleKey(doc)).includes(title.text)),
  );
}

/**
 * Each piece's fitting title words; null as soon as one piece has none. Whole words are looked up
 * first: one lookup, and most often the piece no title has (a colour, a brand).
 */
function fitting(index: SearchIndex, title: TitleText): number[][] | null {
  const fits: number[][] = [];
  const order = title.pieces.map((_, i) => i).sort((a, b) => Number(title.pieces[b]!.place === 'whole') - Number(title.pieces[a]!.place === 'whole'));
  for (const i of order) {
    const { piece, place } = title.pieces[i]!;
    fits[i] = index.titleWordsWith(piece, place);
    if (fits[i]!.length === 0) return null;
  }
  return fits;
}

/**
 * Documents whose titles have a fitting word for every piece, rarest piece first, until few enough
 * remain to compare with their titles.
 */
function narrowed(index: SearchIndex, title: TitleText, fits: readonly (readonly number[])[], cached: (key: string, compute: () => Scored) => Scored): Scored {
  const postings = (words: readonly number[]) =>
    words.reduce((sum, word) => {
      const { built, added } = index.documentsOf(word, 0);
      return sum + built.length + added.length;
    }, 0);
  const order = title.pieces.map((piece, i) => ({ ...piece, words: fits[i]!, size: postings(fits[i]!) })).sort((a, b) => a.size - b.size);
  let candidates: Scored | null = null;
  for (const { piece, place, words } of order) {
    const found = cached(`title ${place} ${piece}`, () => titleMatches(index, words, 0));
    candidates = candidates ? intersect([candidates, found]) : found;
    if (candidates.docs.length <= COMPARE_FROM) break;
  }
  return candidates ?? NOTHING;
}

/** The documents of `found` that pass `contains` and that `words` scores below `score`, each scored `score`. */
function below(found: Scored, words: Scored, score: number, contains: (doc: number) => boolean): Scored {
  const docs = new Int32Array(found.docs.length);
  let kept = 0;
  for (const doc of found.docs) if (scoreOf(words, doc) < score && contains(doc)) docs[kept++] = doc;
  return scored(docs.slice(0, kept), new Float32Array(kept).fill(score));
}
