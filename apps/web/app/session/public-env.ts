// The settings the browser receives from the server (rendered into the page): never a secret.
export type PublicEnv = {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  BUILD_CHECK_INTERVAL_MS: number;
};

declare global {
  interface Window {
    ENV?: PublicEnv;
  }
}

/** The browser's copy, written by the document before any script runs. */
export function getBrowserEnv(): PublicEnv {
  if (typeof window === 'undefined' || !window.ENV) {
    throw new Error('The page did not provide its settings (window.ENV is missing).');
  }
  return window.ENV;
}

/** Serializes the settings for an inline script; "<" is escaped so no value can close the script tag. */
export function publicEnvScript(env: PublicEnv): string {
  return `window.ENV = ${JSON.stringify(env).replace(/</g, '\\u003c')};`;
}
