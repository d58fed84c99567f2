/** Where uploaded files live. Keys look like `profile-images/{userId}/profile.png`. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The URL a browser uses to fetch the file. */
  publicUrl(key: string): string;
}
