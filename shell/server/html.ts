// Writing values into the HTML the gateway sends.

/** Text or an attribute's value: nothing in it can end the attribute or open a tag. */
export const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script> data element: every "<" written as \u003c, so no value can close it early. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
