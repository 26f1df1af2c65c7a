import { validateContact } from './contactForm.ts';

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact({ name: 'Ann', email: 'ann@example.com', message: 'Hello' })).toEqual({});
  });

  it('names every missing or malformed field', () => {
    expect(validateContact({ name: ' ', email: 'ann@', message: '' })).toEqual({
      name: 'contact.nameRequired',
      email: 'contact.emailInvalid',
      message: 'contact.messageRequired',
    });
  });
});
