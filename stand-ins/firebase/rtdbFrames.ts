/**
 * The wire protocol's framing: a message longer than one frame goes as its number of frames, then
 * the frames.
 */
export const MAX_FRAME = 16384;

const OPEN = 1;

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', cb: (data: unknown) => void): void;
  on(event: 'close', cb: () => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
}

/** Sends one message, in frames when it is long; nothing once the socket is no longer open. */
export function sendFramed(ws: SocketLike, message: unknown, log: (line: string) => void): void {
  if (ws.readyState !== OPEN) return;
  const payload = JSON.stringify(message);
  try {
    if (payload.length <= MAX_FRAME) {
      ws.send(payload);
      return;
    }
    ws.send(String(Math.ceil(payload.length / MAX_FRAME)));
    for (let i = 0; i < payload.length; i += MAX_FRAME) ws.send(payload.slice(i, i + MAX_FRAME));
  } catch (e) {
    log(`send failed: ${String(e)}`);
  }
}

/** Puts incoming frames back together: `whole` gets each message, `tooBig` when one outgrows `maxBytes`. */
export class FrameAssembler {
  private framesLeft = 0;
  private frames: string[] = [];
  private bufferedBytes = 0;
  private readonly maxBytes: number;
  private readonly whole: (text: string) => void;
  private readonly tooBig: () => void;

  constructor(maxBytes: number, whole: (text: string) => void, tooBig: () => void) {
    this.maxBytes = maxBytes;
    this.whole = whole;
    this.tooBig = tooBig;
  }

  accept(text: string): void {
    if (this.framesLeft === 0) {
      if (text.length <= 6 && /^\d+$/.test(text)) {
        this.framesLeft = Number(text); // "0" is the client's keep-alive
        this.frames = [];
        this.bufferedBytes = 0;
        return;
      }
      this.whole(text);
      return;
    }
    this.frames.push(text);
    this.bufferedBytes += text.length;
    if (this.bufferedBytes > this.maxBytes) {
      this.tooBig();
      return;
    }
    this.framesLeft -= 1;
    if (this.framesLeft === 0) {
      const whole = this.frames.join('');
      this.frames = [];
      this.bufferedBytes = 0;
      this.whole(whole);
    }
  }
}
