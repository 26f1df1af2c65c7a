/**
 * Longest allowed text per users/{uid} field (characters), as database.rules.json enforces them. Kept
 * free of imports so form code can use it without pulling a validation library into its bundle.
 */
export const USER_RECORD_LIMITS = {
  username: 100,
  email: 254,
  lastName: 100,
  telephone: 40,
  address1: 200,
  address2: 200,
  city: 100,
  postCode: 20,
  country: 100,
  region: 100,
} as const;
