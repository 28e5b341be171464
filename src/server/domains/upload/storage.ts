import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImageType } from './image-type.js';

/** Stored names are ours only: 32 hex characters + the detected type's extension. */
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/** Local-disk storage under `<dataDir>/uploads`; no path from the client ever reaches the file system. */
export class UploadStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
  }

  /** A new stored name for a file of this type. */
  newName(type: ImageType): string {
    return `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;
  }

  async save(bytes: Buffer, name: string): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    await fs.promises.writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
  }

  /** Full path of a stored name, or null when the name is not one of ours (or the file is gone). */
  file(name: string): string | null {
    if (!STORED_NAME.test(name)) return null;
    const full = path.join(this.dir, name);
    return fs.existsSync(full) ? full : null;
  }

  async remove(name: string): Promise<boolean> {
    const full = this.file(name);
    if (!full) return false;
    await fs.promises.unlink(full);
    return true;
  }
}
