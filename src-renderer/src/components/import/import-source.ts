/**
 * What the import dialog's fields become for the server: a local folder path turned into a file:// URL,
 * a website address checked, a chosen file's kind told by its name. Pure, so the words are tested.
 */

/** The uploaded-bytes limit of the tRPC input (src-shared/schemas/binary.ts). */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export function websiteUrl(input: string): Checked<string> {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Enter the website’s address, such as https://docs.example.com.' };
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: 'The address must start with http:// or https://.' };
    return { ok: true, value: url.href };
  } catch {
    return { ok: false, message: `“${text}” is not a web address.` };
  }
}

const encodePath = (segments: string[]) => segments.map((s) => encodeURIComponent(s)).join('/');

/** A folder on the host, as the file:// URL the import service reads (POSIX, Windows drive or UNC paths). */
export function folderUrl(input: string): Checked<string> {
  const path = input.trim().replace(/^["']|["']$/g, '');
  if (!path) return { ok: false, message: 'Enter the full path of the folder, such as /home/you/docs.' };
  if (/^file:\/\//i.test(path)) return { ok: true, value: path };
  if (/^[a-z]:[\\/]/i.test(path)) {
    const [drive, ...rest] = path.split(/[\\/]+/);
    return { ok: true, value: `file:///${drive}/${encodePath(rest.filter(Boolean))}` };
  }
  if (path.startsWith('\\\\')) {
    const [host, ...rest] = path.slice(2).split(/\\+/);
    return { ok: true, value: `file://${host}/${encodePath(rest.filter(Boolean))}` };
  }
  if (path.startsWith('/')) return { ok: true, value: `file:///${encodePath(path.split('/').filter(Boolean))}` };
  return { ok: false, message: 'Give the folder’s full path, starting with / (or a drive letter on Windows); ~ and relative paths are not understood.' };
}

type UploadSource = 'zip' | 'docx' | 'markdown' | 'html';

/** The import source of a chosen file, by its name. */
export function uploadSource(name: string, size: number): Checked<UploadSource> {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const source: UploadSource | undefined =
    extension === 'zip' ? 'zip' : extension === 'docx' ? 'docx' : extension === 'md' || extension === 'markdown' ? 'markdown' : extension === 'html' || extension === 'htm' ? 'html' : undefined;
  if (!source) return { ok: false, message: `“${name}” is not a file Folio imports: choose a .zip, .docx, .md or .html file.` };
  if (size > MAX_UPLOAD_BYTES) {
    return { ok: false, message: `“${name}” is larger than 8 MB: import it from a folder or a web address instead.` };
  }
  return { ok: true, value: source };
}

/** A file chosen as "Markdown file": only .md or .markdown, within the upload limit. */
export function markdownFileSource(name: string, size: number): Checked<'markdown'> {
  if (!/\.(md|markdown)$/i.test(name)) return { ok: false, message: `“${name}” is not a markdown file: choose a .md or .markdown file.` };
  const kind = uploadSource(name, size);
  return kind.ok ? { ok: true, value: 'markdown' } : kind;
}
