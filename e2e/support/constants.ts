export const E2E_BETA_CODE = 'e2e-kickoff';
export const E2E_INSTAGRAM_URL = 'https://www.instagram.com/playbook.e2e';
export const E2E_APP_SECRET = 'e2e-secret-that-is-at-least-32-characters-long';
/** How the global setup hands the shared server to the workers. */
export const SHARED_SERVER_ENV = { baseUrl: 'E2E_BASE_URL', logFile: 'E2E_SERVER_LOG' } as const;
