/**
 * The user timing the shell sets once its tree has rendered or hydrated in the browser: from then
 * on the page answers input. Field measurements can read it; `npm run bench` counts the script a
 * page asked for before it as its first-load JavaScript.
 */
export const LIVE_MARK = 'storefront:live';
