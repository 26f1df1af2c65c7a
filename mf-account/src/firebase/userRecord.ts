/**
 * users/{uid} in the Realtime Database. `username` (the first name) and `email` are the spec's record;
 * the other sign-up fields are stored alongside so checkout can prefill the address. The limits mirror
 * database.rules.json, which is what actually enforces them.
 */
import { z } from 'zod';
import { USER_RECORD_LIMITS } from './userRecordLimits.ts';

export { USER_RECORD_LIMITS };

const optionalText = (max: number) => z.string().max(max);

export const UserRecordSchema = z
  .object({
    username: z.string().min(1).max(USER_RECORD_LIMITS.username),
    email: z
      .string()
      .min(3)
      .max(USER_RECORD_LIMITS.email)
      .regex(/^[^@\s]+@[^@\s]+$/),
    lastName: optionalText(USER_RECORD_LIMITS.lastName).optional(),
    telephone: optionalText(USER_RECORD_LIMITS.telephone).optional(),
    address1: optionalText(USER_RECORD_LIMITS.address1).optional(),
    address2: optionalText(USER_RECORD_LIMITS.address2).optional(),
    city: optionalText(USER_RECORD_LIMITS.city).optional(),
    postCode: optionalText(USER_RECORD_LIMITS.postCode).optional(),
    country: optionalText(USER_RECORD_LIMITS.country).optional(),
    region: optionalText(USER_RECORD_LIMITS.region).optional(),
    newsletter: z.boolean().optional(),
  })
  .strict();

export type UserRecord = z.infer<typeof UserRecordSchema>;

/** What updateOwnRecord() accepts: any subset of the fields (username/email may change, not vanish). */
export const UserRecordPatchSchema = UserRecordSchema.partial().strict();
export type UserRecordPatch = z.infer<typeof UserRecordPatchSchema>;

export const USER_RECORD_FIELDS = Object.keys(UserRecordSchema.shape) as Array<keyof UserRecord>;

/** Database path of a user's record. Rejects ids that would address another node. */
export function userRecordPath(uid: string): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(uid)) throw new Error('invalid uid');
  return `users/${uid}`;
}
