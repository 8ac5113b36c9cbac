import { existsSync } from 'node:fs';

/**
 * A POSIX shell to run reproducers in, as a user without bash would: dash where it is installed
 * (Debian's and Ubuntu's /bin/sh), else bash in POSIX mode. Bash-only syntax fails under dash.
 */
export const POSIX_SH: readonly [string, ...string[]] = ['/usr/bin/dash', '/bin/dash'].some((p) => existsSync(p))
  ? ['dash']
  : ['bash', '--posix'];
