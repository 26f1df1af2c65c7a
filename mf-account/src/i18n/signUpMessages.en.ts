// The strings only /sign-up shows; what every account screen shows is in messages.en.ts.
const en = {
  'signup.title': 'Sign Up',
  'signup.lead': 'Create your account in a minute: from then on, checkout fills in your details for you.',
  'signup.haveAccount': 'Already have an account?',
  'signup.loginLink': 'Log in here',
  'signup.loginButton': 'Log In',
  'signup.why': 'Why create an account?',
  'signup.personal': 'Your Personal Details',
  'signup.address': 'Your Address',
  'signup.passwordSection': 'Your Password',
  'signup.finish': 'Newsletter and privacy',
  'signup.subscribe': 'Subscribe Newsletter',
  'signup.privacy': 'I have read and agree to the Privacy Policy',
  'signup.submit': 'Create account',
  'signup.submitting': 'Creating your account…',
  'signup.success': 'Congratulations, SignUp Done!',
  'signup.redirecting': 'Your account is ready. Taking you to the login page…',
  'signup.fixErrors': 'Some details need your attention. Please check the messages below.',
  'signup.signedInAs': 'You are logged in as {name}. Creating a new account logs you in to the new one instead.',
} as const;

export type SignUpMessageKey = keyof typeof en;

export default en;
