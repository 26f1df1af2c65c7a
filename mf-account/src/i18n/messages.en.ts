// The strings every account screen may show (fields, form errors, the sign-in service's notices); a
// screen's own are in its <screen>Messages.en.ts, the header widget's in menuMessages.en.ts. Keys
// start with one of SHARED_PREFIXES (useT.ts sends every other key to the screen's strings). Spec strings stay
// verbatim in English, typos included (here 'Wrong information.! Please Check Your Email and Password',
// in the screens' own "Forget pasword" and "Congratulations, SignUp Done!"); Russian is a proper translation.
import type { SharedPrefix } from './sharedPrefixes.ts';

const en = {
  'common.optional': '(optional)',
  'common.requiredNote': 'Fields marked * are required.',
  'common.showPassword': 'Show password',
  'common.hidePassword': 'Hide password',
  'common.retry': 'Try again',
  'common.save': 'Save changes',
  'common.saving': 'Saving…',
  'common.cancel': 'Cancel',
  'common.notSet': 'Not set',
  'common.yes': 'Yes',
  'common.no': 'No',

  'connect.checking': 'Checking your sign-in…',
  'connect.unreachable': 'We could not reach the sign-in service. Check your connection and try again.',
  'connect.invalid': 'The sign-in service is not set up correctly on this site. Please try again later.',
  'connect.failed': 'The sign-in service could not be started. Please try again in a moment.',

  'error.emailEmpty': 'Please fill it with your Email',
  'error.emailInvalid': 'Please enter the valid email',
  'error.wrongCredentials': 'Wrong information.! Please Check Your Email and Password',
  'error.resetFailed': 'Firstly, Enter your valid email',
  'error.firstNameRequired': 'Please enter your first name',
  'error.passwordRequired': 'Please enter a password',
  'error.passwordTooShort': 'Password must be at least {min} characters long',
  'error.passwordTooLong': 'Password must be at most {max} characters long',
  'error.passwordLetterDigit': 'Password must contain at least one letter and one digit',
  'error.repeatRequired': 'Please repeat your password',
  'error.passwordMismatch': 'Passwords do not match',
  'error.privacyRequired': 'Please agree to the Privacy Policy to create an account',
  'error.tooLong': '{label} must be at most {max} characters',
  'error.kind.email-already-in-use': 'An account with this email already exists. Log in or use another email.',
  'error.kind.weak-password': 'This password is too weak. Use at least 8 characters with a letter and a digit.',
  'error.kind.invalid-email': 'Please enter the valid email',
  'error.kind.invalid-credential': 'Wrong information.! Please Check Your Email and Password',
  'error.kind.invalid-action-code': 'This link has expired or has already been used. Ask for a new one.',
  'error.kind.too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'error.kind.network': 'We could not reach the sign-in service. Check your connection and try again.',
  'error.kind.permission_denied': 'You do not have permission to access this account data. Please log in again.',
  'error.kind.unavailable': 'The account service is unavailable right now. Please try again in a moment.',
  'error.kind.too_big': 'The data you tried to save is too large.',
  'error.kind.invalid-data': 'Some account details are not valid.',
  'error.kind.unknown': 'Something went wrong. Please try again.',

  'field.firstName': 'First Name',
  'field.lastName': 'Last Name',
  'field.email': 'Email Address',
  'field.telephone': 'Telephone',
  'field.address1': 'Address 1',
  'field.address2': 'Address 2',
  'field.city': 'City',
  'field.postCode': 'Post Code',
  'field.country': 'Country',
  'field.region': 'Region/State',
  'field.password': 'Password',
  'field.repeatPassword': 'Repeat Password',

  'resetLink.sending': 'Sending…',
  'resetLink.sent': 'If an account exists for {email}, a link to reset its password is on its way.',

  'benefit.checkout': 'Faster checkout with your saved address',
  'benefit.orders': 'Your orders and their status in one place',
  'benefit.news': 'News about offers, if you want them',

  'field.countryPlaceholder': '--- Please Select ---',
  'field.regionPlaceholder': '--- Please Select ---',
  'field.regionPickCountry': 'Choose a country first',
  'field.passwordHint': 'At least 8 characters, with a letter and a digit.',

  'record.loading': 'Loading your details…',
  'record.missing': 'We could not find your saved details yet. Add them below and they will be ready for checkout.',

  'common.subscribed': 'Subscribed',
  'common.notSubscribed': 'Not subscribed',
} as const satisfies Record<`${SharedPrefix}.${string}`, string>;

export type MessageKey = keyof typeof en;

export default en;
