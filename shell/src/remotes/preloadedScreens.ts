import { createContext } from 'react';
import type { ExposedComponent } from './federation.ts';

/**
 * Remote screens loaded before the first render, by `remote/Exposed`: the server render loads the
 * route's screen from the remote's server build, and the browser loads the same screen before it
 * hydrates that page, so both render it at once instead of a loading slot.
 */
export const PreloadedScreens = createContext<ReadonlyMap<string, ExposedComponent>>(new Map());

export const screenKey = (remote: string, exposed: string) => `${remote}/${exposed}`;
