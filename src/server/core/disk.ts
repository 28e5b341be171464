import fs from 'node:fs';
import { Messages } from '../../shared/messages.js';
import { ApiError } from './envelope.js';
import { ResultCode } from '../../shared/envelope.js';
import type { QuotaSettings } from './config.js';

/**
 * The free space DATA_DIR's disk keeps (DISK_FLOOR): uploads, imports and exports that would leave less are refused
 * with `Messages.diskFull`, so a full disk never stops the database, the log or the other writes on it.
 */
export class DiskFloor {
  constructor(
    private dir: string,
    private floor: QuotaSettings['diskFloor'],
  ) {}

  /** Free bytes left once `bytes` more are written, and the floor they must stay above. */
  room(bytes = 0): { left: number; floor: number } {
    fs.mkdirSync(this.dir, { recursive: true });
    const s = fs.statfsSync(this.dir);
    const floor = 'percent' in this.floor ? (s.blocks * s.bsize * this.floor.percent) / 100 : this.floor.bytes;
    return { left: s.bavail * s.bsize - bytes, floor };
  }

  /** Throws when writing `bytes` more would leave the disk under its floor. */
  check(bytes = 0): void {
    const { left, floor } = this.room(bytes);
    if (left < floor) throw new ApiError(ResultCode.FAILED, Messages.diskFull);
  }
}
