/** Shows the start and the end of a token, enough to recognise it without showing it. */
export function maskToken(token: string): string {
  if (token.length <= 12) return '•'.repeat(token.length);
  return `${token.slice(0, 6)}${'•'.repeat(12)}${token.slice(-4)}`;
}
