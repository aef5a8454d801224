/**
 * What the forms accept as an e-mail address. Its own module: the plain sign-in pages need only this, not the antd form
 * rules and contract schemas of validation.ts (scripts/check-initial-bundle.ts).
 */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
