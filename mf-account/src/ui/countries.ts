/**
 * Countries and regions for the address fields. Countries are ISO 3166-1 alpha-2 codes named by the
 * browser's own Intl.DisplayNames (no list of names in the bundle); the record stores the English
 * name, as the checkout's billing form does, so its prefill finds the same country. Regions are
 * listed for a few countries; elsewhere the region is typed.
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

const list = (names: string) => names.split('|');

/** Regions of the countries where a list helps more than a text box. */
export const REGIONS: Readonly<Record<string, readonly string[]>> = {
  US: list(
    'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District of Columbia|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming',
  ),
  CA: list(
    'Alberta|British Columbia|Manitoba|New Brunswick|Newfoundland and Labrador|Northwest Territories|Nova Scotia|Nunavut|Ontario|Prince Edward Island|Quebec|Saskatchewan|Yukon',
  ),
  GB: list('England|Northern Ireland|Scotland|Wales'),
  AU: list('Australian Capital Territory|New South Wales|Northern Territory|Queensland|South Australia|Tasmania|Victoria|Western Australia'),
  DE: list(
    'Baden-Württemberg|Bavaria|Berlin|Brandenburg|Bremen|Hamburg|Hesse|Lower Saxony|Mecklenburg-Vorpommern|North Rhine-Westphalia|Rhineland-Palatinate|Saarland|Saxony|Saxony-Anhalt|Schleswig-Holstein|Thuringia',
  ),
  IN: list(
    'Andhra Pradesh|Arunachal Pradesh|Assam|Bihar|Chhattisgarh|Delhi|Goa|Gujarat|Haryana|Himachal Pradesh|Jharkhand|Karnataka|Kerala|Madhya Pradesh|Maharashtra|Manipur|Meghalaya|Mizoram|Nagaland|Odisha|Punjab|Rajasthan|Sikkim|Tamil Nadu|Telangana|Tripura|Uttar Pradesh|Uttarakhand|West Bengal',
  ),
};

export interface Option {
  /** What the record stores (English). */
  readonly value: string;
  /** What the shopper reads (their language). */
  readonly label: string;
}

const names = new Map<string, Intl.DisplayNames | null>();
function displayNames(locale: string): Intl.DisplayNames | null {
  if (!names.has(locale)) {
    try {
      names.set(locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }));
    } catch {
      names.set(locale, null);
    }
  }
  return names.get(locale) ?? null;
}

export function countryName(code: string, locale = 'en'): string {
  return displayNames(locale)?.of(code) ?? code;
}

const optionCache = new Map<string, readonly Option[]>();

/** Every country, labelled and sorted in `locale`. */
export function countryOptions(locale: string): readonly Option[] {
  const cached = optionCache.get(locale);
  if (cached) return cached;
  const collator = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({ value: countryName(code), label: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  optionCache.set(locale, options);
  return options;
}

let byName: Map<string, string> | undefined;

/** The ISO code of a stored country (its English name, or a code), if it is one we know. */
export function countryCode(value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return undefined;
  if (!byName) {
    byName = new Map();
    for (const code of COUNTRY_CODES) {
      byName.set(countryName(code).toLowerCase(), code);
      byName.set(code.toLowerCase(), code);
    }
  }
  return byName.get(wanted);
}

/** The region list for a stored country, or null when the region is typed. */
export function regionsFor(country: string): readonly string[] | null {
  const code = countryCode(country);
  return (code && REGIONS[code]) || null;
}
