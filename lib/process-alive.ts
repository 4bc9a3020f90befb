/**
 * Whether a process with this id is running (signal 0 checks without sending anything; EPERM means it
 * runs under another user). No "server-only" marker: the bench and the reliability suite use it too.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
