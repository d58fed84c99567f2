/** Where uploaded files live. Keys look like `profile-images/{userId}/profile.png`. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The file's bytes, or null when there is none (the link-preview cards read photos). */
  read(key: string): Promise<Buffer | null>;
  /** The URL a browser uses to fetch the file. */
  publicUrl(key: string): string;
}
