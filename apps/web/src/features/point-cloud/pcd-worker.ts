/// <reference lib="webworker" />
import { readCloud, type PcdRequest } from './pcd-read.ts';

/** The point-cloud reader's own thread (pcd-read.ts): the tab stays responsive while a large file is read. */
const scope = globalThis as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<PcdRequest>) => {
  const answer = await readCloud(event.data);
  if ('cloud' in answer) {
    const { positions, colours, intensity } = answer.cloud;
    const transfer = [positions.buffer, ...(colours ? [colours.buffer] : []), ...(intensity ? [intensity.buffer] : [])];
    scope.postMessage(answer, transfer as ArrayBuffer[]);
  } else scope.postMessage(answer);
};
