/**
 * What postgres.ts and redis.ts share: starting a throwaway server process on 127.0.0.1 at a free
 * port, waiting until it answers, and stopping it (or killing it with the test process).
 *
 * No vitest imports here: global-setup runs this in vitest's main process.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface Daemon {
  url: string;
  stop(): Promise<void>;
}

export interface DaemonOptions {
  /** Named in the error when it does not start. */
  name: string;
  bin: string;
  args(port: number): string[];
  url(port: number): string;
  /** Whether the server at `url` answers yet. */
  ready(url: string): Promise<boolean>;
  spawn: SpawnOptions;
  /** How it is asked to stop, and how it is stopped when the test process ends without asking. */
  stopSignal: NodeJS.Signals;
  abandonSignal: NodeJS.Signals;
  /** Its output when the port was taken between probing and binding (then it is tried again). */
  portTaken: RegExp;
  timeoutMs: number;
  pollMs: number;
  /** Runs once the process is gone (removing its directory). */
  cleanup(): Promise<void>;
}

export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Keeps the last `max` characters of a stream, to show when something fails. */
function tail(max = 16_000) {
  let text = '';
  return {
    push(chunk: Buffer | string) {
      text += chunk.toString();
      if (text.length > max) text = text.slice(-max);
    },
    get text() {
      return text;
    },
  };
}

/** One try at one port: the running server, or its output when it did not come up. */
async function tryPort(o: DaemonOptions, port: number): Promise<Daemon | string> {
  const url = o.url(port);
  const output = tail();
  const child: ChildProcess = spawn(o.bin, o.args(port), { ...o.spawn, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', output.push);
  child.stderr!.on('data', output.push);
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', (e) => output.push(`spawn error: ${e.message}\n`));
  // If the test process dies without calling stop(), do not leave the server behind.
  const onExit = () => {
    if (!exited) child.kill(o.abandonSignal);
  };
  process.once('exit', onExit);

  const deadline = Date.now() + o.timeoutMs;
  while (!exited && Date.now() < deadline) {
    if (await o.ready(url)) {
      let stopped: Promise<void> | undefined;
      const stop = () =>
        (stopped ??= (async () => {
          process.removeListener('exit', onExit);
          if (!exited) {
            child.kill(o.stopSignal);
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exitedPromise;
            clearTimeout(timer);
          }
          await o.cleanup();
        })());
      return { url, stop };
    }
    await new Promise((r) => setTimeout(r, o.pollMs));
  }
  process.removeListener('exit', onExit);
  if (!exited) {
    child.kill('SIGKILL');
    await exitedPromise;
  }
  return output.text;
}

/** Starts the server, trying up to three free ports; throws with its output when it never answers. */
export async function startDaemon(o: DaemonOptions): Promise<Daemon> {
  let lastOutput = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await tryPort(o, await freePort());
    if (typeof result !== 'string') return result;
    lastOutput = result;
    if (!o.portTaken.test(lastOutput)) break;
  }
  await o.cleanup();
  throw new Error(`${o.name} did not start (${o.bin}). Its output:\n${lastOutput}`);
}
