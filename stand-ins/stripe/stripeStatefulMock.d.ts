// The package ships JavaScript only; this is the part of it the checkout uses.
declare module 'stripe-stateful-mock' {
  import type { Express } from 'express';

  const stripeMock: { createExpressApp(): Express };
  export default stripeMock;
}
