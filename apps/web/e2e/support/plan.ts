import pg from 'pg';

/**
 * Member invitation needs the Team plan (spec sections 5, 6) and there is no payments API yet.
 * On PostgreSQL (DATABASE_URL set) the journey flips the account's plan with one SQL statement;
 * the embedded database cannot be reached from the test while the server holds its lock.
 */
export const canGrantTeamPlan = Boolean(process.env.DATABASE_URL);
export const teamPlanSkipReason =
  'needs DATABASE_URL: with the embedded database the test cannot put the administrator on the Team plan (no payments API or dev plan switch yet); CI runs it on the PostgreSQL leg';

export async function grantTeamPlan(email: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('grantTeamPlan needs DATABASE_URL (PostgreSQL): no payments API or dev plan switch exists yet');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query("update users set plan = 'subscribe_team' where email = $1", [email.toLowerCase()]);
    if (result.rowCount !== 1) throw new Error(`No account ${email} to put on the Team plan`);
  } finally {
    await client.end();
  }
}
