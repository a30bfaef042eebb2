/**
 * JSON for an inline <script>: `<` is escaped so a value can never close the script element, and
 * U+2028/U+2029 are escaped because older engines treat them as line breaks inside literals.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
