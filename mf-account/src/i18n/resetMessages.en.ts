// The strings only /reset-password shows; what every account screen shows is in messages.en.ts.
const en = {
  'reset.title': 'Set a new password',
  'reset.checking': 'Checking your link…',
  'reset.for': 'For the account',
  'reset.newPassword': 'New Password',
  'reset.submit': 'Save the new password',
  'reset.submitting': 'Saving…',
  'reset.done': 'Your password has been changed. Log in with your new password.',
  'reset.logIn': 'Log in',
  'reset.missing': 'This link is incomplete. Open the link from the email again, or ask for a new one.',
  'reset.expired': 'This link has expired or has already been used. Ask for a new one: each link works once, for a limited time.',
  'reset.otherAction': 'This link is not for resetting a password. To set a new password, ask for a reset link.',
  'reset.askAgain': 'Ask for a new link',
} as const;

export type ResetMessageKey = keyof typeof en;

export default en;
