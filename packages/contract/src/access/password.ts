/**
 * docs/product.md#validation: at least 8 characters mixing letters, numbers or special symbols; avoid simple
 * combinations. We require two of the three classes and reject common passwords and one-character runs.
 */
const commonPasswords = new Set([
  'password', 'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', '12345678', '123456789',
  '1234567890', 'qwerty123', 'qwertyuiop', 'qwerty12', 'abc12345', 'abcd1234', '1q2w3e4r', '1qaz2wsx',
  'iloveyou1', 'admin123', 'admin1234', 'welcome1', 'welcome123', 'letmein1', 'monkey123', 'dragon123',
  'football1', 'baseball1', 'sunshine1', 'princess1', 'trustno1', 'zaq12wsx', 'aa123456', 'a1234567',
  'a12345678', 'asdf1234', 'asdfghjkl', '11111111', '00000000', '88888888', '66666666', '123123123',
  'qwe12345', 'changeme1', 'test1234', 'user1234', 'love1234', 'taiwan123', 'woaini520', 'woaini1314',
]);

export function isStrongPassword(password: string): boolean {
  if (password.length < 8 || password.length > 128) return false;
  const classes = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2) return false;
  if (commonPasswords.has(password.toLowerCase())) return false;
  if (/^(.)\1+$/.test(password)) return false;
  return true;
}
