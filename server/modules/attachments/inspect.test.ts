import { describe, expect, it } from 'vitest';
import { carriesActiveContent } from './inspect';

const MB = 1024 * 1024;

/** `bytes` in pieces of `size`, as a file or a bucket object is read. */
async function* inPieces(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Bytes that look like compressed video: the same every run (xorshift32 from a fixed seed). */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x9e3779b9;
  for (let at = 0; at + 4 <= length; at += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes.writeUInt32LE(state >>> 0, at);
  }
  return bytes;
}

const carries = (text: string, around = Buffer.alloc(300 * 1024, 7)) =>
  carriesActiveContent(inPieces(Buffer.concat([around, Buffer.from(text, 'latin1'), around])));

describe('the search for active content in an upload (issue 36)', () => {
  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT src=//evil.example/x.js>',
    '<html><body>',
    '<!DOCTYPE html>',
    '<iframe src="https://evil.example">',
    '<?php system($_GET["c"]); ?>',
    '<svg xmlns="http://www.w3.org/2000/svg">',
    '<svg/onload=alert(1)>',
    '<img src=x onerror=alert(1)>',
    '<animate onbegin = "alert(1)" attributeName=x dur=1s>',
  ])('finds %s in the middle of a file, far from either end', async (markup) => {
    expect(await carries(markup)).toBe(true);
  });

  it('finds markup cut in two by the pieces the file is read in', async () => {
    const around = Buffer.alloc(64 * 1024 - 3, 7);
    const bytes = Buffer.concat([around, Buffer.from('<script>'), around]);
    for (const size of [64 * 1024, 64 * 1024 - 1, 64 * 1024 + 4, 1000]) {
      expect(await carriesActiveContent(inPieces(bytes, size))).toBe(true);
    }
  });

  it('takes text that only looks like the start of a tag, and 64 MB of video-like noise', async () => {
    for (const text of ['a <b and c> d', '<svg>', '<scripts are fun>', 'x<html5', 'on=1 <p>']) {
      expect(await carries(text)).toBe(false);
    }
    expect(await carriesActiveContent(inPieces(noise(64 * MB), MB))).toBe(false);
  });
});
