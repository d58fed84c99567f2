/** Who the legal pages name as the operator until the site settings say otherwise. */
export const FALLBACK_OPERATOR = 'Playbook Marketplace Pty Ltd';
