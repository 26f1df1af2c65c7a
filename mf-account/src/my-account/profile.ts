/**
 * The editable parts of users/{uid} on My Account, as pure data: what the sections and /user show,
 * and the patch a save writes. Their rules are in profileRules.ts; the greeting is in greeting.ts.
 */
import type { AuthUser } from 'shared-events';
import type { UserRecord, UserRecordPatch } from '../firebase/userRecord.ts';
import { greetingName, text } from './greeting.ts';

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'postCode', 'country', 'region'] as const;
export const DETAILS_FIELDS = ['username', 'lastName', 'telephone'] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type DetailsField = (typeof DETAILS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type DetailsValues = Record<DetailsField, string>;
export type Errors<F extends string> = Partial<Record<F, string>>;

export function addressValues(record: UserRecord | null): AddressValues {
  return {
    address1: text(record?.address1),
    address2: text(record?.address2),
    city: text(record?.city),
    postCode: text(record?.postCode),
    country: text(record?.country),
    region: text(record?.region),
  };
}

export function detailsValues(record: UserRecord | null, user: AuthUser | null): DetailsValues {
  return {
    username: text(record?.username) || text(user?.displayName),
    lastName: text(record?.lastName),
    telephone: text(record?.telephone),
  };
}

/**
 * The patch for updateOwnRecord: trimmed values. A user without a record yet (an account made
 * elsewhere) also gets the two fields the database requires of every record, username and email.
 */
export function toPatch(values: Partial<Record<AddressField | DetailsField, string>>, record: UserRecord | null, user: AuthUser): UserRecordPatch {
  const patch: UserRecordPatch = {};
  for (const [field, value] of Object.entries(values) as Array<[AddressField | DetailsField, string | undefined]>) {
    if (value !== undefined) patch[field] = value.trim();
  }
  if (!record) {
    patch.username ||= greetingName(null, user) || 'Shopper';
    if (user.email) patch.email = user.email;
  }
  return patch;
}

/** One line per part of the address that is filled in. */
export function addressLines(record: UserRecord | null): string[] {
  if (!record) return [];
  const cityLine = [text(record.postCode), text(record.city)].filter((s) => s.trim()).join(' ');
  const regionLine = [text(record.region), text(record.country)].filter((s) => s.trim()).join(', ');
  return [text(record.address1), text(record.address2), cityLine, regionLine].map((s) => s.trim()).filter(Boolean);
}
