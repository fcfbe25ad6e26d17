import fs from 'node:fs';
import path from 'node:path';

/** Another live process has the embedded database open: said in words, with what to do. */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Comped process (pid ${pid}). ` +
        'It serves one process at a time: stop that one first (for `npm run seed:demo`, stop `npm start`), ' +
        'or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process. PGlite keeps the database in the memory of
 * the process that opened it and writes its files back: a second process on the same folder
 * (`npm run seed:demo` while `npm start` runs) saw none of the first's changes, and the two wrote over
 * each other's files. The lock is a file holding the owner's pid, created exclusively; a lock whose
 * process is gone (killed, crashed) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'comped.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: number;
    try {
      owner = Number(fs.readFileSync(file, 'utf8'));
    } catch {
      continue; // Released between our two looks: try again.
    }
    if (owner > 0 && owner !== process.pid && alive(owner)) throw new DataDirInUseError(dir, owner);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
