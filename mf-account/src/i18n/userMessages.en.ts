// The strings only /user shows; what every account screen shows is in messages.en.ts.
const en = {
  'user.title': 'Profile',
  'user.lead': 'Your account at a glance.',
  'user.name': 'Name',
  'user.email': 'Email Address',
  'user.phone': 'Telephone',
  'user.address': 'Address',
  'user.newsletter': 'Newsletter',
  'user.edit': 'Edit in My Account',
} as const;

export type UserMessageKey = keyof typeof en;

export default en;
