export const E2E_BETA_CODE = 'e2e-kickoff';
export const E2E_INSTAGRAM_URL = 'https://www.instagram.com/playbook.e2e';
export const E2E_APP_SECRET = 'e2e-secret-that-is-at-least-32-characters-long';
/** How the global setup hands the seeded data directory to the workers. */
export const SEEDED_DATA_DIR_ENV = 'E2E_SEEDED_DATA_DIR';
/** How the global setup hands the migrated, empty data directory to the workers. */
export const MIGRATED_DATA_DIR_ENV = 'E2E_MIGRATED_DATA_DIR';
