import type { QueryPart } from './correctedQuery.ts';

/** The searched text with its corrected words emphasised (`strong` on the page, `mark` in the suggestions). */
export function CorrectedWords({
  parts,
  emphasis: Emphasis = 'strong',
  className,
}: {
  parts: readonly QueryPart[];
  emphasis?: 'strong' | 'mark';
  className?: string;
}) {
  return (
    <>
      {parts.map((part, index) =>
        part.corrected ? (
          <Emphasis key={index} className={className}>
            {part.text}
          </Emphasis>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
