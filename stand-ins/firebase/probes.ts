// Readiness probes of the local Firebase's launchers: an answer in JSON (the Auth emulator's status)
// and the Realtime Database protocol's handshake. Starting, polling and stopping the processes is
// service-kit/processes.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';

/** GET a JSON document over plain HTTP. Resolves null on any failure (used for readiness polling). */
export function httpGetJson(url: string, timeoutMs = 1000): Promise<unknown> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null);
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/**
 * Opens a WebSocket to an RTDB-protocol server and resolves true once it sends the protocol handshake
 * (`{"t":"c","d":{"t":"h",...}}`), i.e. the server really speaks the protocol, not merely listens.
 * Implemented on raw HTTP so it runs anywhere (jest's sandbox has no global WebSocket).
 */
export function probeRtdbHandshake(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (ok: boolean, socket?: Socket) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      req.destroy();
      resolve(ok);
    };
    const req = http.request({
      host,
      port,
      path: '/.ws?v=5',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    req.on('upgrade', (_res, socket, head) => {
      let seen = head.toString('latin1');
      if (seen.includes('"t":"h"')) return finish(true, socket);
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString('latin1');
        if (seen.includes('"t":"h"')) finish(true, socket);
      });
      socket.on('error', () => finish(false, socket));
      socket.on('close', () => finish(false, socket));
    });
    req.on('response', () => finish(false));
    req.on('error', () => finish(false));
    req.end();
  });
}
