// The accounts every end-to-end test can sign in as, created once by the global setup on the default stack.
export const ACCOUNTS = {
  admin: { email: 'ada.admin@example.com', name: 'Ada Admin' },
  member: { email: 'max.member@example.com', name: 'Max Member' },
  projectManager: { email: 'pia.projects@example.com', name: 'Pia Projects' },
  userManager: { email: 'uma.users@example.com', name: 'Uma Users' },
} as const;
