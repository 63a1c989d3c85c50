/**
 * A command's output piped into a reader that stops early (`npm run keys -- list | head -3`): the
 * next write fails with EPIPE. The command then stops quietly, as Unix tools do, instead of dying
 * with an unhandled error and its stack. Any other output error still ends the command with it.
 */
export function stopQuietlyWhenOutputCloses(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
