/**
 * The shop's countries: ISO 3166-1 alpha-2 codes (plus XK, Kosovo), named by the browser's own
 * Intl.DisplayNames in the shopper's language, so no list of names ships in a bundle. What a form
 * holds and a record stores is the English name, readable in the order book whatever the UI language;
 * the account's addresses and the checkout's billing form both use this module, so a saved address
 * prefills the billing form with the same country.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

export interface CountryOption {
  /** What the form holds and the record stores: the English name. */
  readonly value: string;
  /** What the shopper reads: the name in the UI language. */
  readonly label: string;
}

const displayNames = new Map<string, Intl.DisplayNames | null>();
function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }));
    } catch {
      // A runtime without that locale's data: the code stands for the name.
      displayNames.set(locale, null);
    }
  }
  return displayNames.get(locale) ?? null;
}

/** The name of an ISO code in `locale`, English by default ("GB" -> "United Kingdom"). */
export function countryName(code: string, locale = 'en'): string {
  return namesIn(locale)?.of(code) ?? code;
}

const optionsCache = new Map<string, readonly CountryOption[]>();

/** Every country, labelled and sorted in `locale`. */
export function countryOptions(locale: string): readonly CountryOption[] {
  const cached = optionsCache.get(locale);
  if (cached) return cached;
  const collator = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({ value: countryName(code), label: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  optionsCache.set(locale, options);
  return options;
}

let codesByName: Map<string, string> | undefined;

/** The ISO code of a country as some part of the shop stored it (its English name or its code, any case), if it is one. */
export function countryCode(value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return undefined;
  if (!codesByName) {
    codesByName = new Map();
    for (const code of COUNTRY_CODES) {
      codesByName.set(countryName(code).toLowerCase(), code);
      codesByName.set(code.toLowerCase(), code);
    }
  }
  return codesByName.get(wanted);
}

/**
 * The form value for a stored country: an ISO code ("gb") or an English name ("united kingdom")
 * becomes the English name. Anything else is kept as it was, so a stored address is never silently
 * dropped (a form then offers it as an extra option).
 */
export function normaliseCountry(raw: string): string {
  const value = raw.trim();
  if (!value) return '';
  const code = countryCode(value);
  return code ? countryName(code) : value;
}
