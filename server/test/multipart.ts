/** A multipart/form-data body with one file, for `app.inject`. */
export function multipartFile(file: {
  field?: string;
  filename: string;
  contentType: string;
  body: Buffer;
}) {
  const boundary = `----playbook${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
