// Creates the shared accounts once both stacks are up. The first account of a deployment becomes its
// administrator, so the admin is created first.
import { ACCOUNTS } from './accounts.ts';
import { createAccount } from './backend.ts';
import { STACKS } from './stacks.ts';

export default async function globalSetup() {
  const stack = STACKS.default;
  await createAccount(stack, ACCOUNTS.admin.email, ACCOUNTS.admin.name, {
    can_manage_users: true,
    can_manage_projects: true,
    can_manage_announcements: true,
  });
  await createAccount(stack, ACCOUNTS.member.email, ACCOUNTS.member.name);
  await createAccount(stack, ACCOUNTS.projectManager.email, ACCOUNTS.projectManager.name, {
    can_manage_projects: true,
  });
  await createAccount(stack, ACCOUNTS.userManager.email, ACCOUNTS.userManager.name, { can_manage_users: true });
}
