// The gateway puts the catalogue answers a page address shows into the page itself
// (<script type="application/json" id="route-data">, see shell/server/routeData.ts), so the screen
// does not ask for them again on first load. Each is used once, and only soon after the page loaded:
// later the catalogue is asked, as for any other request.

export type EmbeddedAnswer = { readonly status: number; readonly body: unknown };

/** Past this age since the page loaded, an embedded answer is no fresher than the catalogue's cache allows. */
export const EMBEDDED_ANSWER_MAX_AGE_MS = 60_000;

let answers: Map<string, EmbeddedAnswer> | undefined;

function embedded(): Map<string, EmbeddedAnswer> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById('route-data')?.textContent;
  if (!text) return answers;
  try {
    const parsed = JSON.parse(text) as { answers?: Record<string, unknown> };
    for (const [url, answer] of Object.entries(parsed.answers ?? {})) {
      const { status } = (answer ?? {}) as { status?: unknown };
      if (typeof status === 'number' && answer && typeof answer === 'object' && 'body' in answer) answers.set(url, answer as EmbeddedAnswer);
    }
  } catch {
    // A page without readable data is a page without data: every screen asks the catalogue.
  }
  return answers;
}

/** The page's answer for `url`, handed out once; undefined when the page has none (or it is too old). */
export function takeEmbeddedAnswer(url: string, now = performance.now()): EmbeddedAnswer | undefined {
  const all = embedded();
  const answer = all.get(url);
  all.delete(url);
  return answer && now <= EMBEDDED_ANSWER_MAX_AGE_MS ? answer : undefined;
}

/** Forgets what was read, so the next call reads the page again (tests). */
export function resetEmbeddedAnswers(): void {
  answers = undefined;
}
