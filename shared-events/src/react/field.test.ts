import { fieldWiring } from 'shared-events/react';

describe('fieldWiring', () => {
  it('ties a plain control to nothing but its id', () => {
    expect(fieldWiring('email', {})).toEqual({
      hintId: undefined,
      errorId: undefined,
      control: { id: 'email', 'aria-invalid': false, 'aria-describedby': undefined },
    });
  });

  it('names the error before the hint, marks the control invalid and required', () => {
    expect(fieldWiring('email', { hint: 'We never share it', error: 'Enter an email', required: true })).toEqual({
      hintId: 'email-hint',
      errorId: 'email-error',
      control: { id: 'email', 'aria-invalid': true, 'aria-describedby': 'email-error email-hint', 'aria-required': true },
    });
  });

  it('points at the hint alone while there is no error', () => {
    expect(fieldWiring('zip', { hint: 'Five digits', error: '' }).control).toEqual({ id: 'zip', 'aria-invalid': false, 'aria-describedby': 'zip-hint' });
  });
});
