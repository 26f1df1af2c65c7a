import { SIGNUP_MESSAGES } from '../forms/signup.ts';
import { greetingName } from './greeting.ts';
import { addressLines, addressValues, detailsValues, toPatch } from './profile.ts';
import { validateAddress, validateDetails } from './profileRules.ts';

const ann = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };
const record = {
  username: 'Ann',
  email: 'ann@example.com',
  lastName: 'Lee',
  address1: '12 Market Street',
  city: 'Springfield',
  postCode: '62701',
  region: 'Illinois',
  country: 'United States',
};

describe('profile', () => {
  it('greets with the record username, then the display name, then the email name', () => {
    expect(greetingName(record, ann)).toBe('Ann');
    expect(greetingName(null, ann)).toBe('Ann');
    expect(greetingName(null, { ...ann, displayName: null })).toBe('ann');
  });

  it('reads form values from a record, blank where missing', () => {
    expect(addressValues(record)).toEqual({
      address1: '12 Market Street',
      address2: '',
      city: 'Springfield',
      postCode: '62701',
      country: 'United States',
      region: 'Illinois',
    });
    expect(detailsValues(null, ann)).toEqual({ username: 'Ann', lastName: '', telephone: '' });
  });

  it('validates against the database limits and requires a first name', () => {
    expect(validateAddress({ ...addressValues(record), postCode: 'x'.repeat(21) })).toEqual({ postCode: 'Post code must be at most 20 characters' });
    expect(validateDetails({ username: '  ', lastName: '', telephone: '1'.repeat(41) })).toEqual({
      username: SIGNUP_MESSAGES.firstNameRequired,
      telephone: 'Telephone must be at most 40 characters',
    });
    expect(validateDetails(detailsValues(record, ann))).toEqual({});
  });

  it('trims the patch, and gives a record-less account the required username and email', () => {
    expect(toPatch({ city: ' Riga ' }, record, ann)).toEqual({ city: 'Riga' });
    expect(toPatch({ city: 'Riga' }, null, ann)).toEqual({ city: 'Riga', username: 'Ann', email: 'ann@example.com' });
  });

  it('prints the address one line per filled part', () => {
    expect(addressLines(record)).toEqual(['12 Market Street', '62701 Springfield', 'Illinois, United States']);
    expect(addressLines(null)).toEqual([]);
  });
});
