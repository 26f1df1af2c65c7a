// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads: borrow Node's.
// Import this first in a jsdom test file, before react-router-dom.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
