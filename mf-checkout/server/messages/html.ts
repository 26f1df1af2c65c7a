/** Text for an HTML element or attribute: every character with a meaning in HTML is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A link target for an e-mail: only http(s) URLs (a javascript: or data: link in a mail is never ours). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Money as the shop's pages show it (shared-events formatPrice): $1,234.56, the same in every language. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.round(Math.abs(cents));
  const dollars = Math.floor(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${(whole % 100).toString().padStart(2, '0')}`;
}
