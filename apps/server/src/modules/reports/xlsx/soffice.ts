import { execFile, execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/*
 * LibreOffice in headless mode, for tests that check an exported file opens in a real
 * spreadsheet and prints. Not used by the server itself.
 */

const run = promisify(execFile);

/** The `soffice` binary on PATH, or null when LibreOffice is not installed. */
export function findSoffice(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Target formats: PDF, CSV of the first sheet in UTF-8 (44 = comma, 34 = quote, 76 = UTF-8), and
 * xlsx (to read back what LibreOffice made of a CSV).
 */
const FILTERS = {
  pdf: 'pdf',
  csv: 'csv:Text - txt - csv (StarCalc):44,34,76',
  xlsx: 'xlsx:Calc MS Excel 2007 XML',
} as const;

/**
 * How a CSV is read as a Russian spreadsheet reads it: `;` (59) between fields, `"` (34) around
 * them, UTF-8 (76), from line 1, the ru-RU locale (1049: decimal comma).
 */
export const RUSSIAN_CSV_IN_FILTER = 'CSV:59,34,76,1,,1049';

/**
 * Converts `file` into `outDir` and returns the new file's path. `profileDir` is a private
 * LibreOffice profile: two instances sharing one would wait for each other or fail.
 */
export async function convertWithSoffice(
  file: string,
  format: keyof typeof FILTERS,
  outDir: string,
  profileDir: string,
  timeoutMs = 60_000,
  inFilter?: string,
): Promise<string> {
  await run(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
      '--headless',
      '--norestore',
      ...(inFilter ? [`--infilter=${inFilter}`] : []),
      '--convert-to',
      FILTERS[format],
      '--outdir',
      outDir,
      file,
    ],
    { timeout: timeoutMs, killSignal: 'SIGKILL' },
  );
  const expected = `${basename(file, extname(file))}.${format}`;
  if (!(await readdir(outDir)).includes(expected))
    throw new Error(`LibreOffice did not write ${expected}`);
  return join(outDir, expected);
}
