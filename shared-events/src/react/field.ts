// How a form control is tied to its label, hint and error for assistive technology, the same in every
// team's forms: each team draws its own field, and this decides the ids and ARIA attributes.

/** What a control needs (spread it onto the input or select). */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required'?: true;
}

export interface FieldWiring {
  control: FieldControl;
  /** The id the hint paragraph carries, when there is a hint. */
  hintId: string | undefined;
  /** The id the error message carries, when there is an error. */
  errorId: string | undefined;
}

/**
 * The control is aria-invalid while there is an error, and aria-describedby names the error first
 * (read before the hint), then the hint; a required control says so with aria-required.
 */
export function fieldWiring(id: string, options: { hint?: string | undefined; error?: string | undefined; required?: boolean | undefined }): FieldWiring {
  const hintId = options.hint ? `${id}-hint` : undefined;
  const errorId = options.error ? `${id}-error` : undefined;
  return {
    hintId,
    errorId,
    control: {
      id,
      'aria-invalid': Boolean(options.error),
      'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      ...(options.required ? { 'aria-required': true as const } : {}),
    },
  };
}
