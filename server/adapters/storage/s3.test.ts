import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../contracts/limits';
import { startS3Server, type LocalS3Server } from '../../test/s3-server';
import { createS3Storage } from './s3';
import type { FileStorage } from './types';

const BUCKET = 'playbook-test';
const KEY = 'profile-images/u1/profile.png';

describe('S3 storage', () => {
  let server: LocalS3Server;
  let storage: FileStorage;

  beforeAll(async () => {
    server = await startS3Server();
    storage = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: 'test-access-key',
      secretAccessKey: 'test-secret-key',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/playbook-test/',
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('stores the bytes with their content type and a one-hour cache header', async () => {
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    await storage.put(KEY, body, 'image/png');

    const stored = server.objects.get(`${BUCKET}/${KEY}`);
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.cacheControl).toBe('public, max-age=3600');
  });

  it('reads a stored file back, and null for a key that has none', async () => {
    const body = Buffer.from('photo bytes');
    await storage.put('profile-images/u3/profile.jpg', body, 'image/jpeg');
    expect((await storage.read('profile-images/u3/profile.jpg'))?.equals(body)).toBe(true);
    expect(await storage.read('profile-images/nobody/profile.jpg')).toBeNull();
  });

  it('signs its requests with SigV4', async () => {
    await storage.put(KEY, Buffer.from('signed'), 'image/png');

    const put = server.requests.findLast((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/${BUCKET}/${KEY}`);
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/us-east-1\/s3\/aws4_request, /,
    );
  });

  it('uploads an image of the largest allowed size intact', async () => {
    // Past 2 MB the SDK switches to `Expect: 100-continue`, a different path from small bodies.
    const body = Buffer.alloc(IMAGE_MAX_BYTES);
    for (let i = 0; i < body.length; i += 4096) body[i] = i % 251;
    await storage.put('profile-images/u2/profile.jpg', body, 'image/jpeg');

    expect(server.objects.get(`${BUCKET}/profile-images/u2/profile.jpg`)?.body.equals(body)).toBe(
      true,
    );
  });

  it('removes a file, and removing a missing one resolves', async () => {
    await storage.put(KEY, Buffer.from('bye'), 'image/png');
    await storage.remove(KEY);
    expect(server.objects.has(`${BUCKET}/${KEY}`)).toBe(false);

    await expect(storage.remove('profile-images/nobody/profile.png')).resolves.toBeUndefined();
    const deletes = server.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.every((r) => r.authorization?.startsWith('AWS4-HMAC-SHA256 '))).toBe(true);
  });

  it('builds the public URL from the configured base, encoding each segment', () => {
    expect(storage.publicUrl(KEY)).toBe(
      'https://cdn.example.com/playbook-test/profile-images/u1/profile.png',
    );
    expect(storage.publicUrl('profile-images/a b/ü#1.png')).toBe(
      'https://cdn.example.com/playbook-test/profile-images/a%20b/%C3%BC%231.png',
    );
  });

  it('refuses keys that climb out of their prefix or are absolute', async () => {
    const before = server.requests.length;
    await expect(
      storage.put('profile-images/../secret', Buffer.from('x'), 'image/png'),
    ).rejects.toThrow(/Invalid storage key/);
    await expect(storage.remove('../profile.png')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put('/profile.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Invalid storage key/,
    );
    expect(() => storage.publicUrl('a/../../b')).toThrow(/Invalid storage key/);
    expect(server.requests.length).toBe(before);
  });
});
