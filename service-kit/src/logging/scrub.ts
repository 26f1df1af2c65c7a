// Secrets that can hide in free text (an error message quoting a request, a URL with a token): pino's
// redact paths only cover fields by name, so message text is scrubbed by shape as well.

const REPLACEMENTS: Array<[RegExp, string]> = [
  // Stripe secret, restricted and publishable keys, webhook secrets.
  [/\b(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9]{6,}/g, '[key]'],
  [/\bwhsec_[A-Za-z0-9]{6,}/g, '[key]'],
  // A PaymentIntent's client secret (pi_…_secret_…).
  [/\b(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g, '[client_secret]'],
  // JWTs (Firebase ID tokens): three base64url parts, the first two starting like a JSON object.
  [/\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [token]'],
  // name=value and "name":"value" pairs of the secret names, in query strings, forms and JSON text.
  [/((?:password|passwd|client_secret|token|id_token|idToken|secret|api_key|apikey)"?\s*[=:]\s*"?)[^"&\s,}]+/gi, '$1[redacted]'],
];

/** 13 to 19 digits, maybe grouped by spaces or dashes: a card number if Luhn says so. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The text with keys, tokens, client secrets, passwords in pairs and card numbers replaced. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out.replace(CARD_LIKE, (match) => (luhn(match.replace(/[ -]/g, '')) ? '[card]' : match));
}
