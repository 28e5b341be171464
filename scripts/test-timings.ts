/**
 * `npm run test:timings -- <vitest JSON report>`: writes each test file's duration (ms) to test/timings.json, which
 * the suite's sequencer reads to start the longest files first. `scripts/test.sh` keeps the last run's report in
 * `.vitest-report.json`.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

const file = process.argv[2] ?? '.vitest-report.json';
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const root = process.cwd();
const projectOf = (rel: string) => rel.split('/')[1]; // test/<project>/…
const timings = Object.fromEntries(
  report.testResults
    .map((r) => {
      // From the report's own checkout, wherever that was: `test/<project>/<file>`.
      const full = r.name.split(path.sep).join('/');
      const rel = full.slice(full.lastIndexOf('/test/') + 1);
      return [`${projectOf(rel)}:${rel}`, Math.round(r.endTime - r.startTime)] as const;
    })
    .sort(([, a], [, b]) => b - a),
);
fs.writeFileSync(path.join(root, 'test', 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
console.log(`test/timings.json: ${Object.keys(timings).length} files`);
