/**
 * The failed tests of a Vitest or Playwright JSON report, one line each (`file › test: first line of the
 * error`), for `npm test` to print again just above its closing line: CI keeps only the tail of a long run's
 * output, and a failure far up in it could not be named (a CI run failed one Vitest test nobody could find).
 */
import { stripVTControlCharacters } from 'node:util';

/** One line: the first line of `text`, without the terminal's colour codes, at most 300 characters. */
function firstLine(text) {
  return stripVTControlCharacters(String(text)).split('\n')[0].trim().slice(0, 300);
}

/**
 * Each Vitest test that did not pass (failed, skipped or todo: each counts as a failure in `npm test`), and
 * each file that failed without a failed test (an error while importing it, a hook that threw).
 * `report`: Vitest's JSON reporter output; `root`: the folder the file names are shown relative to.
 */
export function vitestFailures(report, root) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const where = (file.name ?? '').startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status !== 'passed');
    for (const test of failed)
      lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0] ?? test.status)}`);
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`${where}: ${firstLine(file.message || 'the file failed')}`);
  }
  return lines;
}

/** Each Playwright test whose outcome was not a pass (a flaky pass is one), from its JSON reporter's output. */
export function playwrightFailures(report) {
  const lines = [];
  const walk = (suites, titles) => {
    for (const suite of suites ?? []) {
      const here = suite.title ? [...titles, suite.title] : titles;
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? []) {
          if (test.status === 'expected' || test.status === 'flaky') continue;
          const last = test.results?.at(-1);
          const why = last?.error?.message ?? last?.status ?? test.status;
          lines.push(`${[...here, spec.title].join(' › ')} (line ${spec.line}): ${firstLine(why)}`);
        }
      walk(suite.suites, here);
    }
  };
  walk(report?.suites, []);
  return lines;
}
