/** sessionStorage, or undefined where it is missing or blocked (private modes, sandboxed frames). */
export function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}
