/**
 * Regions for the address fields, listed for a few countries; elsewhere the region is typed. The
 * countries themselves (codes, names, what a record stores) are the shop's one list in shared-events.
 */
import { countryCode } from 'shared-events';

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

/** The region list for a stored country, or null when the region is typed. */
export function regionsFor(country: string): readonly string[] | null {
  const code = countryCode(country);
  return (code && REGIONS[code]) || null;
}
