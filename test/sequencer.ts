/**
 * Test files longest first, across the projects of a group (the unit and API files, then the browser files: see
 * vitest.config.ts): on two cores the suite is bound by CPU, and a long file started last would run alone at the end. Durations come
 * from `test/timings.json` (`npm run test:timings` rewrites it from a run's report); a file not in it counts as
 * middling. Alone, or with a name filter, order does not matter.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TIMINGS = path.join(import.meta.dirname, 'timings.json');
/** What a file not yet timed is taken to last (ms): after the long ones, before the short ones. */
const UNKNOWN_MS = 15_000;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const timings: Record<string, number> = fs.existsSync(TIMINGS)
      ? (JSON.parse(fs.readFileSync(TIMINGS, 'utf8')) as Record<string, number>)
      : {};
    const key = (f: TestSpecification) =>
      `${f.project.name}:${path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/')}`;
    const ms = (f: TestSpecification) => timings[key(f)] ?? UNKNOWN_MS;
    return [...files].sort((a, b) => ms(b) - ms(a));
  }
}
