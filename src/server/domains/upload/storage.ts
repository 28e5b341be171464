import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../core/db.js';
import type { ImageType } from './image-type.js';

/** Stored names are ours only: 32 hex characters + the detected type's extension. */
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/** The table of migrations/<dialect>/0021_pictures_in_database.sql, which no schema describes (bytes). */
type PictureTables = {
  sys_picture: { name: string; sha256: string; data: Buffer; create_time: string };
};

/** A stored picture: its content's hash (the ETag; none for a file not moved yet) and its bytes. */
export interface Picture {
  sha256?: string;
  data: Buffer;
}

/**
 * Uploaded pictures, kept in the database (table sys_picture) on both dialects: every process sharing the database
 * serves every picture with no shared disk, and a backup of the database holds them. Content-addressed: a picture's
 * name is the first 32 hex digits of its SHA-256 and its type's extension, so the same bytes uploaded twice are
 * stored once. Files of `<dataDir>/uploads` written before (random names) are still served and removed from there
 * until `npm run pictures:move` has moved them in. No path from the client ever reaches the file system.
 */
export class UploadStore {
  /** Where pictures were kept before they moved into the database. */
  readonly dir: string;

  constructor(
    private db: Db,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'uploads');
  }

  private get k() {
    return this.db.kysely.withTables<PictureTables>();
  }

  /** The stored name and hash of these bytes. */
  static address(bytes: Buffer, type: ImageType): { name: string; sha256: string } {
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    return { name: `${sha256.slice(0, 32)}.${type.ext}`, sha256 };
  }

  /** Stores the bytes under `name`; the same name again (the same bytes) is already there and stays. */
  async save(bytes: Buffer, name: string, sha256: string): Promise<void> {
    await this.k
      .insertInto('sys_picture')
      .values({ name, sha256, data: bytes, create_time: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /** The content hash of a stored name (no bytes read), or null when the database does not hold it. */
  async tag(name: string): Promise<string | null> {
    if (!STORED_NAME.test(name)) return null;
    const row = await this.k.selectFrom('sys_picture').select('sha256').where('name', '=', name).executeTakeFirst();
    return row?.sha256 ?? null;
  }

  /** A stored picture, from the database or else the folder of files not moved yet; null when the name is not ours. */
  async read(name: string): Promise<Picture | null> {
    if (!STORED_NAME.test(name)) return null;
    const row = await this.k
      .selectFrom('sys_picture')
      .select(['sha256', 'data'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (row) return { sha256: row.sha256, data: Buffer.from(row.data) };
    const file = this.file(name);
    return file ? { data: await fs.promises.readFile(file) } : null;
  }

  async remove(name: string): Promise<boolean> {
    if (!STORED_NAME.test(name)) return false;
    const gone = await this.k.deleteFrom('sys_picture').where('name', '=', name).executeTakeFirst();
    const file = this.file(name);
    if (file) await fs.promises.unlink(file);
    return Number(gone.numDeletedRows) > 0 || !!file;
  }

  /**
   * Moves the files of `<dataDir>/uploads` into the database under their names (the URLs stored in rows keep
   * working), each deleted once its row is committed and read back with the same hash. Run again, it moves what is
   * left (a file whose name is already stored with the same bytes is only deleted); files that are not ours stay.
   */
  async moveFiles(log: (line: string) => void = () => {}): Promise<{ moved: number; bytes: number; left: string[] }> {
    const names = fs.existsSync(this.dir) ? fs.readdirSync(this.dir).sort() : [];
    const left: string[] = [];
    const out = { moved: 0, bytes: 0, left };
    for (const name of names) {
      const file = path.join(this.dir, name);
      if (!STORED_NAME.test(name) || !fs.statSync(file).isFile()) {
        out.left.push(name);
        continue;
      }
      const data = await fs.promises.readFile(file);
      const sha256 = crypto.createHash('sha256').update(data).digest('hex');
      await this.save(data, name, sha256);
      if ((await this.tag(name)) !== sha256) {
        log(`${name}: the database holds other bytes under this name; the file stays`);
        out.left.push(name);
        continue;
      }
      await fs.promises.unlink(file);
      out.moved++;
      out.bytes += data.length;
    }
    return out;
  }

  /** Full path of a stored name not moved into the database yet, or null. */
  private file(name: string): string | null {
    const full = path.join(this.dir, name);
    return fs.existsSync(full) ? full : null;
  }
}
