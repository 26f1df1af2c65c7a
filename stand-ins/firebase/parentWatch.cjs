'use strict';
// Preloaded with `node --require` into emulator processes that the local Auth's launcher (authEmulator.ts) starts with an IPC
// channel. When the launching process goes away for any reason (including SIGKILL, where it cannot clean
// up), the channel closes: we then ask this process for the same clean shutdown as Ctrl-C (SIGINT), and
// force an exit if that takes too long. No orphaned emulators.
if (typeof process.send === 'function') {
  process.on('disconnect', () => {
    try {
      process.kill(process.pid, 'SIGINT');
    } catch {
      /* ignore */
    }
    setTimeout(() => process.exit(1), 5000).unref();
  });
  // Our private temp dir (generated firebase.json, debug log): remove it whoever stops us.
  const ownDir = process.env.MF_ACCOUNT_EMULATOR_TMPDIR;
  if (ownDir && /mf-account-auth-/.test(ownDir)) {
    process.on('exit', () => {
      try {
        require('node:fs').rmSync(ownDir, { recursive: true, force: true });
      } catch {
        /* ignore */
      }
    });
  }
  // The channel alone must not keep the emulator alive, nor delay its own exit.
  if (process.channel && typeof process.channel.unref === 'function') process.channel.unref();
}
