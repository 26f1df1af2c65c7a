// The strings only /login and the login form of My Account and /user shows; what every account screen shows is in messages.en.ts.
const en = {
  'login.title': 'Login',
  'login.lead': 'Welcome back! Log in to check out faster, follow your orders and keep your addresses in one place.',
  'login.returning': 'Returning Customer',
  'login.returningIntro': 'I am a returning customer',
  'login.emailPlaceholder': 'name@example.com',
  'login.passwordPlaceholder': 'minimum 8 digits',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.forgot': 'Forget pasword',
  'login.forgotHint': 'Forgot your password? Enter your email address and choose "Forget pasword": we will email you a link to set a new one.',
  'login.success': 'You are logged in. Welcome back, {name}!',
  'login.new': 'New Customer',
  'login.newText':
    'By creating an account with our store, you will be able to move through the checkout process faster, store your shipping address, view and track your orders in your account and more.',
  'login.signUp': 'Sign Up',
} as const;

export type LoginMessageKey = keyof typeof en;

export default en;
