/**
 * The rules for the editable parts of users/{uid} (profile.ts), for the sections that edit them.
 * Limits are the database rules' (USER_RECORD_LIMITS); messages come from the sign-up form's rules
 * so they read the same (and translate the same) everywhere.
 */
import { USER_RECORD_LIMITS } from '../firebase/userRecordLimits.ts';
import { SIGNUP_MESSAGES, tooLongMessage } from '../forms/signupMessages.ts';
import { ADDRESS_FIELDS, DETAILS_FIELDS, type AddressField, type AddressValues, type DetailsField, type DetailsValues, type Errors } from './profile.ts';

/** The English labels tooLongMessage() uses (src/i18n/formMessages.ts translates them). */
const LABELS: Record<AddressField | DetailsField, string> = {
  username: 'First name',
  lastName: 'Last name',
  telephone: 'Telephone',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  postCode: 'Post code',
  country: 'Country',
  region: 'Region/State',
};

function checkLengths<F extends AddressField | DetailsField>(values: Record<F, string>, fields: readonly F[]): Errors<F> {
  const errors: Errors<F> = {};
  for (const field of fields) {
    const max = USER_RECORD_LIMITS[field === 'username' ? 'username' : field];
    if (values[field].trim().length > max) errors[field] = tooLongMessage(LABELS[field], max);
  }
  return errors;
}

export function validateAddress(values: AddressValues): Errors<AddressField> {
  return checkLengths(values, ADDRESS_FIELDS);
}

export function validateDetails(values: DetailsValues): Errors<DetailsField> {
  const errors = checkLengths(values, DETAILS_FIELDS);
  if (values.username.trim() === '') errors.username = SIGNUP_MESSAGES.firstNameRequired;
  return errors;
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);
