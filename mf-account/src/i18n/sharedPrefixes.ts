/** What the keys of the strings every screen shares start with; no screen's own key does. */
export const SHARED_PREFIXES = ['common', 'connect', 'error', 'field', 'record', 'benefit', 'resetLink'] as const;

export type SharedPrefix = (typeof SHARED_PREFIXES)[number];
