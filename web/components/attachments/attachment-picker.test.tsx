import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { AttachmentPicker } from './attachment-picker';
import type { PendingFile, Uploads } from './use-uploads';

/**
 * Issue 36, "What people noticed", on the upload list: sizes people can read, a thumbnail for a
 * photo, and no browser "No file chosen" beside the files attached.
 */
const file = (name: string, size: number, extra: Partial<PendingFile> = {}): PendingFile => ({
  key: name,
  name,
  size,
  sent: size,
  state: 'done',
  attachmentId: `id-${name}`,
  ...extra,
});
const uploads = (files: PendingFile[]): Uploads => ({
  files,
  add: vi.fn(),
  remove: vi.fn(),
  reset: vi.fn(),
  uploading: false,
  attachmentIds: files.map((f) => f.attachmentId ?? ''),
});

describe('the attachment picker', () => {
  it('lists three files with readable sizes and a photo thumbnail, and says how many are attached', () => {
    render(
      <AttachmentPicker
        uploads={uploads([
          file('grip.jpg', 15 * 1024, { preview: 'blob:grip' }),
          file('drill.mp4', 3 * 1024 * 1024),
          file('plan.pdf', 800),
        ])}
      />,
    );
    const list = within(screen.getByRole('list', { name: 'Attached files' }));
    expect(list.getByText(ATTACHMENT_MESSAGES.uploaded('15 KB'))).toBeTruthy();
    expect(list.getByText(ATTACHMENT_MESSAGES.uploaded('3.0 MB'))).toBeTruthy();
    expect(list.getByText(ATTACHMENT_MESSAGES.uploaded('800 B'))).toBeTruthy();
    expect(list.queryByText(/0\.0 MB/)).toBeNull();
    const thumbnail = list.getByRole('img', { name: ATTACHMENT_MESSAGES.preview('grip.jpg') });
    expect(thumbnail.getAttribute('src')).toBe('blob:grip');
    expect(list.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByText(ATTACHMENT_MESSAGES.attachedCount(3))).toBeTruthy();
  });

  it("keeps the browser's file input for the keyboard but does not draw it", () => {
    render(<AttachmentPicker uploads={uploads([file('grip.jpg', 1024)])} />);
    const input = screen.getByLabelText(ATTACHMENT_MESSAGES.label);
    expect(input.getAttribute('type')).toBe('file');
    // Drawn, its own text ('No file chosen', '1 file') would contradict the list beside it.
    expect(input.className.split(' ')).toContain('sr-only');
  });
});
