import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../modules/auth';

const digest = (salt: string, password: string) =>
  createHash('sha256').update(`${salt}:${password}`).digest();

/**
 * The API tests' password hashing: salted SHA-256, microseconds where scrypt takes ~90 ms of CPU on
 * purpose, as Django's test settings swap in a fast hasher. Still never the password in clear, still
 * one hash per salt; the product's scrypt is proved by the tests that ask for it (ADR 080).
 */
export const fastPasswords: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(8).toString('hex');
    return `test-sha256$${salt}$${digest(salt, password).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [scheme, salt = '', hex = ''] = hash.split('$');
    if (scheme !== 'test-sha256') return false;
    const expected = Buffer.from(hex, 'hex');
    const actual = digest(salt, password);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
