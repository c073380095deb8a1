/**
 * The body stream a streamed page is rendered into (throughput and bytes on a slow link).
 *
 * React writes a page in chunks of about 2 KB, and React Router's Express adapter flushes the
 * response after every chunk it reads (`res.flush()`, which the compression middleware turns into a
 * zlib sync flush and a socket write). An 89 KB product list became ~45 compressed fragments and
 * as many system calls: about a quarter of the server's time per page in a CPU profile, and a
 * worse compression ratio. This stream joins what React writes in one turn of the event loop into
 * one chunk, so a page without deferred data leaves in one piece; a deferred part still leaves in
 * the turn React writes it, so streaming keeps its timing.
 */
import { Transform } from "node:stream";

/**
 * A pass-through stream that emits, once per turn of the event loop, everything written during it.
 * @param onEnd called once when the writer ends the stream, before the last chunk is read
 */
export function coalescedBody(onEnd: () => void): Transform {
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const emit = () => {
    if (pending.length === 0) return;
    body.push(Buffer.concat(pending));
    pending = [];
  };
  const body = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          emit();
        });
      }
      callback();
    },
    flush(callback) {
      onEnd();
      emit();
      callback();
    },
  });
  return body;
}
