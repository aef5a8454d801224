/**
 * The operator console's one rule (issue 30 #15): an operator is a signed-in account whose e-mail address is listed
 * in OPERATOR_EMAILS (config.ts lower-cases the list). Nothing else makes anyone an operator — no workspace role,
 * not even a workspace's top administrator.
 */
export function isOperatorEmail(operatorEmails: readonly string[], email: string): boolean {
  return operatorEmails.includes(email.trim().toLowerCase());
}
