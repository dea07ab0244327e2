// `npm run demo` loads this into the backend started beside it, once, and prints the accounts to sign in with.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateOrganization, mondayOf } from './organization.ts';
import { loadOrganization, serviceClient } from './load.ts';

interface DemoAccounts {
  password: string;
  administrator: string;
  projectManager: string;
  member: string;
}

const apiUrl = process.env.SUPABASE_URL!;
const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY!;
const accountsFile = path.join(process.env.DATA_DIR!, 'demo_accounts.json');

async function main() {
  let accounts: DemoAccounts;
  if (existsSync(accountsFile)) {
    accounts = JSON.parse(readFileSync(accountsFile, 'utf8')) as DemoAccounts;
  } else {
    // Starts four weeks ago, so the plan shows the past, the present and the coming weeks.
    const start = mondayOf(new Date(Date.now() - 28 * 86_400_000));
    const today = new Date().toISOString().slice(0, 10);
    const org = generateOrganization({ people: 40, projects: 15, allocations: 170, start, weeks: 13, today });
    const password = randomBytes(9).toString('base64url');
    console.log('Loading the demo organization (40 people, 15 projects, a quarter of allocations, announcements)...');
    await loadOrganization(serviceClient(apiUrl, serviceRoleKey), org, password);
    accounts = {
      password,
      administrator: org.people[0].email,
      projectManager: org.people[2].email,
      member: org.people[5].email,
    };
    writeFileSync(accountsFile, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  }
  console.log(
    [
      '',
      '  Demo accounts (password for all of them: ' + accounts.password + ')',
      `    administrator:   ${accounts.administrator}`,
      `    project manager: ${accounts.projectManager}`,
      `    member:          ${accounts.member}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: Error) => {
  console.error(`The demo data could not be loaded: ${error.message}`);
  process.exit(1);
});
